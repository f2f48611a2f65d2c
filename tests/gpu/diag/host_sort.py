# host_sort.py — np.sort of 1e7 and 1e6 32- and 64-bit numbers on the host, best of 7:
# run by lumen and by python3 in turn on the GPU machine's CPU (AVX-512 there), where
# the whole host benchmark is too noisy (RESULTS.md) but a sort's minimum is steady.
import time
import numpy as np

np.random.seed(0)
for n in (10000000, 1000000):
    for name, x in (("f32", np.random.rand(n).astype(np.float32)), ("f64", np.random.rand(n)),
                    ("i32", np.random.randint(-10**9, 10**9, n).astype(np.int32)),
                    ("i64", np.random.randint(-10**9, 10**9, n))):
        best = 1e9
        for i in range(7):
            t = time.perf_counter()
            np.sort(x)
            best = min(best, time.perf_counter() - t)
        print("sort %s %d|%s" % (name, n, round(best * 1000, 3)))
