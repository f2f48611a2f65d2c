# rand_first.py — in a fresh process, the first cp.random.rand after the device
# is up (uniform: Lumen's own Philox, no cuRAND generator), then the first
# cp.random.randn (normal: cuRAND's generator is made then), each synchronised;
# run unchanged by `lumen run` and by python3 with CuPy.
import time
import cupy as cp
x = cp.arange(10, dtype=cp.float32)
float(x.sum())   # the device is up
def t(name, f):
    t0 = time.perf_counter()
    f()
    cp.cuda.Device().synchronize()
    print("first", name, round((time.perf_counter() - t0) * 1000, 3), "ms")
t("rand(1000)", lambda: cp.random.rand(1000))
t("rand(1000) again", lambda: cp.random.rand(1000))
t("randn(1000)", lambda: cp.random.randn(1000))
t("randn(1000) again", lambda: cp.random.randn(1000))
cp.random.seed(5)
a = cp.random.randn(7)
cp.random.seed(5)
print("seed(5) repeats randn:", bool((a == cp.random.randn(7)).all()))
