import numpy as np
import time
t0 = time.perf_counter()
time.sleep(0.01)
t1 = time.perf_counter()
print(t1 >= t0, t1 - t0 >= 0.005)
now = time.time()
print(type(now).__name__, now > 1.6e9)
start = time.time()
s = 0
for i in range(1000):
    s += i
elapsed = time.time() - start
print(s, elapsed >= 0)
