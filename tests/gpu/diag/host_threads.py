# host_threads.py — why a host operation is slower on one machine than another:
# the same memory-bound statements and an empty loop, timed before any BLAS
# call, right after a 16-thread matmul and a second later (OpenBLAS's idle
# threads spin for a while after a call).  Run by lumen and by python3.
import time
import numpy as np

def best(f, r=7):
    f()
    b = 1e9
    for i in range(r):
        t = time.perf_counter()
        f()
        b = min(b, time.perf_counter() - t)
    return round(b * 1000, 3)

def loop():
    for i in range(200000):
        pass

x = np.random.rand(10000000).astype(np.float32)
a = np.random.rand(2000, 2000).astype(np.float32)
def rows(when):
    print(when, "copy", best(lambda: x.copy()), "x>0.5", best(lambda: x > 0.5), "loop", best(loop))
rows("before blas:")
a @ a
rows("after blas:")
time.sleep(1)
rows("1s later:")
