# host_vs_numpy.py — PERFORMANCE.md's host (np) workloads, run unchanged by
# `lumen run` (Lumen's host backend) and by python3 with NumPy: one line per
# workload, "name|ms", the best of N runs timed with time.perf_counter.
# Sizes fit a 2-core machine (1e7 elements, 2000^2 matrices, not 1e8 / 5000^2);
# `big = True` (host_bench.sh --big rewrites this line in a copy) picks
# PERFORMANCE.md's sizes.  Thread counts come from the driver (host_bench.sh).
import time
import numpy as np

big = False
N = 100000000 if big else 10000000
n = 5000 if big else 2000
nf = 1 << 24 if big else 1 << 22
n2 = 4096 if big else 2048
ns = 4096 if big else 2000
nv = 2048 if big else 1000

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
a = np.random.rand(n, n).astype(np.float32)
b = np.random.rand(n, n).astype(np.float32)
row("matmul %d^2 f32" % n, lambda: a @ b)
a64 = a.astype(np.float64)
b64 = b.astype(np.float64)
row("matmul %d^2 f64" % n, lambda: a64 @ b64)
del a64
del b64

x = np.random.rand(N).astype(np.float32)
y = np.random.rand(N).astype(np.float32)
z = np.random.rand(N).astype(np.float32)
row("x*y+z f32", lambda: x * y + z)
row("sin(x)**2+cos(x)**2 f32", lambda: np.sin(x) ** 2 + np.cos(x) ** 2)
row("x*2+1 f32 (ElementwiseKernel y = x*a + b)", lambda: x * np.float32(2) + np.float32(1))
row("sin f32", lambda: np.sin(x))
row("exp f32", lambda: np.exp(x))
row("((x-y)**2).sum() f32", lambda: ((x - y) ** 2).sum())
row("sum f32", lambda: x.sum())
row("max f32", lambda: x.max())
row("sum axis=0 %d^2 f32" % n, lambda: a.sum(axis=0))
row("sum axis=1 %d^2 f32" % n, lambda: a.sum(axis=1))
row("mean f32", lambda: x.mean())
row("std f32", lambda: x.std())
row("cumsum f32", lambda: np.cumsum(x))
row("sort f32", lambda: np.sort(x), 3)
xd = x.astype(np.float64)
row("sort f64", lambda: np.sort(xd), 3)
xi = (x * 1000000).astype(np.int64)
row("sort int64", lambda: np.sort(xi), 3)
row("argsort f32", lambda: np.argsort(x), 3)
row("argsort f64", lambda: np.argsort(xd), 3)
row("argsort int64", lambda: np.argsort(xi), 3)
xi32 = (x * 1000000).astype(np.int32)
row("sort int32", lambda: np.sort(xi32), 3)
xs = np.sort(x)
row("sort f32 sorted", lambda: np.sort(xs), 3)
row("argsort f32 sorted", lambda: np.argsort(xs), 3)
xds = np.sort(xd)
row("sort f64 sorted", lambda: np.sort(xds), 3)
row("argsort f64 sorted", lambda: np.argsort(xds), 3)
xis = np.sort(xi)
row("sort int64 sorted", lambda: np.sort(xis), 3)
row("argsort int64 sorted", lambda: np.argsort(xis), 3)
x6 = x[:N // 10].copy()
row("sort f32 N/10", lambda: np.sort(x6), 3)
row("sort f64 N/10", lambda: np.sort(xd[:N // 10]), 3)
row("sort int64 N/10", lambda: np.sort(xi[:N // 10]), 3)
row("sort int32 N/10", lambda: np.sort(xi32[:N // 10]), 3)
del xs, xds, xis, xi32, x6
# rows: argsort along the last axis of a table, and down its columns
r100 = x.reshape(-1, 100)
row("sort f32 rows of 100", lambda: np.sort(r100), 3)
row("argsort f32 rows of 100", lambda: np.argsort(r100), 3)
r100d = xd.reshape(-1, 100)
row("argsort f64 rows of 100", lambda: np.argsort(r100d), 3)
row("argsort int64 rows of 100", lambda: np.argsort(xi.reshape(-1, 100)), 3)
r16 = x.reshape(-1, 16)
row("argsort f32 rows of 16", lambda: np.argsort(r16), 3)
row("argsort f32 axis=0 of %dx1000" % (N // 1000), lambda: np.argsort(x.reshape(-1, 1000), axis=0), 3)
del r100, r100d, r16
row("random.rand f64", lambda: np.random.rand(N))
row("random.randn f64", lambda: np.random.randn(N))
rng = np.random.default_rng(1)
row("default_rng().random f64", lambda: rng.random(N))
row("default_rng().standard_normal f64", lambda: rng.standard_normal(N))

s = np.random.rand(nf).astype(np.complex64)
row("fft c64 2^%d" % (22 if not big else 24), lambda: np.fft.fft(s))
im = np.random.rand(n2, n2).astype(np.float32)
row("fft2 %d^2 f32" % n2, lambda: np.fft.fft2(im))
row("rfft f64 2^%d" % (22 if not big else 24), lambda: np.fft.rfft(xd[:nf]))

ms = np.random.rand(ns, ns).astype(np.float32) + ns * np.eye(ns, dtype=np.float32)
rhs = np.random.rand(ns).astype(np.float32)
row("linalg.solve %d f32" % ns, lambda: np.linalg.solve(ms, rhs), 3)
sv = np.random.rand(nv, nv).astype(np.float32)
row("linalg.svd %d f32" % nv, lambda: np.linalg.svd(sv), 3)

import scipy.ndimage
k5 = np.random.rand(5, 5).astype(np.float32)
row("ndimage.convolve %d^2 5x5 f32" % n2, lambda: scipy.ndimage.convolve(im, k5), 3)
row("concatenate 2x f32", lambda: np.concatenate((x, y)))
idx = np.random.randint(0, N, N // 10)
row("fancy index x[idx] 1e6", lambda: x[idx])
mask = x > 0.5
row("boolean mask x[x>0.5]", lambda: x[mask])
row("x > 0.5", lambda: x > 0.5)
row("x <= y", lambda: x <= y)
row("astype f32->f64", lambda: x.astype(np.float64))
row("copy f32", lambda: x.copy())
row("arange f64", lambda: np.arange(N, dtype=np.float64))
row("arange int64", lambda: np.arange(N))
row("arange f32 step 0.5", lambda: np.arange(0.0, N / 2, 0.5, dtype=np.float32))
row("zeros f32", lambda: np.zeros(N, dtype=np.float32))

bigarr = np.arange(N, dtype=np.float32)
row("repr of a 1e7 array", lambda: repr(bigarr))
row("repr of %d^2" % n, lambda: repr(a))

# The evaluator's overhead: one small statement per loop iteration, minus
# the same loop doing nothing.  Reported in microseconds per statement.
sx = np.arange(1000, dtype=np.float32)
sy = np.arange(1000, dtype=np.float32)
L = 100000

def empty_loop():
    for i in range(L):
        pass

def small_add():
    for i in range(L):
        sx + sy

def small_assign():
    for i in range(L):
        c = sx + sy

def small_expr():
    for i in range(L):
        c = np.sin(sx) * 2 + 1

def us_per(name, f):
    try:
        f()
        best = 1e30
        for i in range(5):
            t = time.perf_counter()
            f()
            best = min(best, time.perf_counter() - t)
        print(name + "|" + str(round(best * 1e6 / L, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

us_per("us: empty loop iteration", empty_loop)
us_per("us: a+b 1000 f32 (incl. loop)", small_add)
us_per("us: c=a+b 1000 f32 (incl. loop)", small_assign)
us_per("us: c=sin(a)*2+1 1000 f32 (incl. loop)", small_expr)
