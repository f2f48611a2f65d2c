# host_issue17.py — issue 17's slow host rows (np on the CPU), run
# unchanged by `lumen run` and by python3 with NumPy: "name|ms", the best of
# 5 (time.perf_counter).  usage: see tests/bench/host_bench.sh (same format,
# tests/bench/host_table.py reads it).
import time
import numpy as np

def row(name, f, reps=5):
    try:
        f()
        best = 1e30
        for i in range(reps):
            t = time.perf_counter()
            f()
            best = min(best, time.perf_counter() - t)
        print(name + "|" + str(round(best * 1000, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

np.random.seed(0)
n = 10000000
xi = np.random.randint(0, 1000000, 1000000)
ti = np.random.randint(0, 1000000, 1000)
tl = np.random.randint(0, 1000000, 1000000)
row("isin 1e6 int64 in 1e3", lambda: np.isin(xi, ti))
row("isin 1e6 int64 in 1e6", lambda: np.isin(xi, tl))
xf = np.random.rand(1000000)
k31 = np.random.rand(31)
row("convolve 1e6 f64 x 31", lambda: np.convolve(xf, k31))
row("convolve 1e5 f64 x 1e3", lambda: np.convolve(xf[:100000], xf[:1000]))
a = np.random.rand(n)
b = a + 1e-12
row("allclose 1e7 f64 (true)", lambda: np.allclose(a, b))
row("isclose 1e7 f64", lambda: np.isclose(a, b))
row("astype(int8) 1e7 f64", lambda: (a * 100).astype(np.int8))
a100 = a * 100
row("astype(int8) 1e7 f64 (cast only)", lambda: a100.astype(np.int8))
m = a > 0.5
row("nonzero 1e7 bool", lambda: np.nonzero(m))
row("nonzero 1e7 f64", lambda: np.nonzero(a100 > 50))
row("flatnonzero 1e7 bool", lambda: np.flatnonzero(m))
s = np.sort(np.random.rand(1000000))
q = np.random.rand(1000000)
row("searchsorted 1e6 f64 in 1e6", lambda: np.searchsorted(s, q))
qs = np.sort(q)
row("searchsorted 1e6 sorted queries", lambda: np.searchsorted(s, qs))
s32 = s.astype(np.float32)
q32 = q.astype(np.float32)
row("searchsorted 1e6 f32 in 1e6", lambda: np.searchsorted(s32, q32))
row("unique 1e6 int64", lambda: np.unique(xi))
row("unique 1e6 int64 counts", lambda: np.unique(xi, return_counts=True))
row("median 1e7 f64", lambda: np.median(a))
row("percentile 1e7 f64", lambda: np.percentile(a, [10, 90]))
row("norm axis=1 1000^2 f64", lambda: np.linalg.norm(a[:1000000].reshape(1000, 1000), axis=1))
row("triu 2000^2 f64", lambda: np.triu(a[:4000000].reshape(2000, 2000)))
