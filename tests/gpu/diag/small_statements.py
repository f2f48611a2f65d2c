# small_statements.py — per-statement host time of small device statements (2000 a loop,
# the median of 9 loops), run unchanged by `lumen run` and by python3 with CuPy.
import time
import cupy as cp
sx = cp.arange(1000, dtype=cp.float32)
sy = cp.arange(1000, dtype=cp.float32)
def t(name, f):
    f()
    cp.cuda.Device().synchronize()
    ts = []
    for r in range(9):
        t0 = time.perf_counter()
        f()
        cp.cuda.Device().synchronize()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    print("small", name, round(ts[4] * 1e6 / 2000, 3), "us")
def l_pass():
    for i in range(2000):
        pass
def l_name():
    for i in range(2000):
        sx
def l_add():
    for i in range(2000):
        sx + sy
def l_assign():
    for i in range(2000):
        c = sx + sy
def l_fused():
    for i in range(2000):
        cp.sin(sx) * 2 + 1
def l_sum():
    for i in range(2000):
        sx.sum()
t("pass", l_pass)
t("name", l_name)
t("sx + sy", l_add)
t("c = sx + sy", l_assign)
t("sin(sx)*2+1", l_fused)
t("sx.sum()", l_sum)
