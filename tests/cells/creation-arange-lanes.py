# float arange filled several elements at a time: every length around the
# lane width, tails included, keeps NumPy's bits (x[0] + i*(x[1]-x[0]) in the
# dtype); a checksum of the bit patterns weighted by position, and the last
# elements themselves
import numpy as np
def bits(x):
    u = x.view(np.uint32 if x.dtype == np.float32 else np.uint64).astype(np.uint64)
    return int((u * (np.arange(u.size, dtype=np.uint64) + np.uint64(1))).sum())
for dt in (np.float32, np.float64):
    for n in range(0, 21):
        x = np.arange(0.1, 0.1 + 0.37 * n, 0.37, dtype=dt)
        print(dt.__name__, n, x.size, bits(x), repr(x[-3:]))
    for (a, b, s) in [(0, 1000, 0.5), (-5.5, 100000.0, 3.3), (1e7, 1.02e7, 0.7), (3, 30000, 1/3),
                      (5, -5, -0.013), (0, 19, 1.9), (-1.0, 1.0, 1e-4), (16777000.0, 16777300.0, 1.0)]:
        x = np.arange(a, b, s, dtype=dt)
        print(dt.__name__, a, b, s, x.size, bits(x), repr(x[-2:]))
