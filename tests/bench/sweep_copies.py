# sweep_copies.py — a host (np) sweep of copies and casts of views (strided
# slices, transposes, flips, rolls, 3-D swaps, astype in every layout) and
# of FFTs along a leading axis and over two axes, the rows of issue #3 that
# the copy loops, astype(order='K') and the per-axis host FFT address.
# Runs unchanged under `lumen run` and python3; one line per workload,
# "name|ms", the best of N runs (join both outputs with host_table.py; run
# both with OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 to compare at one thread).
import time
import numpy as np
def row(name, f, reps=5):
    try:
        f()
        best = 1e30
        for i in range(reps):
            t = time.perf_counter(); f(); best = min(best, time.perf_counter() - t)
        print(name + "|" + str(round(best * 1000, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))
np.random.seed(0)
N = 10000000
n = 2000
x = np.random.rand(N).astype(np.float32)
xd = x.astype(np.float64)
A = np.random.rand(n, n).astype(np.float32)
Ad = A.astype(np.float64)
Ai = (A * 1000).astype(np.int64)
T = np.random.rand(100000, 10).astype(np.float32)
W = np.random.rand(10, 100000).astype(np.float32)
Td = T.astype(np.float64)
row("x[::2].copy() f32", lambda: x[::2].copy())
row("x[::2].copy() f64", lambda: xd[::2].copy())
row("x[::-1].copy() f64", lambda: xd[::-1].copy())
row("A[:, :1000].copy() f32", lambda: A[:, :1000].copy())
row("A[::2, ::2].copy() f32", lambda: A[::2, ::2].copy())
row("A[::2, ::2].copy() f64", lambda: Ad[::2, ::2].copy())
row("A.T.copy() f32", lambda: A.T.copy())
row("A.T.copy() f64", lambda: Ad.T.copy())
row("A.T.copy() int64", lambda: Ai.T.copy())
row("T.T.copy() 100000x10 f32", lambda: T.T.copy())
row("W.T.copy() 10x100000 f32", lambda: W.T.copy())
row("T.T.copy() 100000x10 f64", lambda: Td.T.copy())
row("A.T.ravel() f64", lambda: Ad.T.ravel())
row("ascontiguousarray(A.T) f32", lambda: np.ascontiguousarray(A.T))
row("flip(A, 1).copy() f32", lambda: np.flip(A, 1).copy())
row("flip(A, 0).copy() f32", lambda: np.flip(A, 0).copy())
row("swapaxes(A,0,1).copy() f64", lambda: np.swapaxes(Ad, 0, 1).copy())
row("roll(x, 1000) f32", lambda: np.roll(x, 1000))
row("roll(A, 10, axis=0) f32", lambda: np.roll(A, 10, axis=0))
row("roll(A, 10, axis=1) f32", lambda: np.roll(A, 10, axis=1))
row("roll(T, 1, axis=1) f32", lambda: np.roll(T, 1, axis=1))
row("swapaxes(A3,0,2).copy() f32", lambda: A.reshape(20, 100, 2000).swapaxes(0, 2).copy())
row("A.T.astype(f64)", lambda: A.T.astype(np.float64))
row("A[:, ::2].astype(f64)", lambda: A[:, ::2].astype(np.float64))
row("astype f64->f32", lambda: xd.astype(np.float32))
z = (np.random.rand(2048, 2048) + 1j * np.random.rand(2048, 2048))
r = np.random.rand(2048, 2048)
im = np.random.rand(1024, 1024)
row("fft axis=0 2048^2 c128", lambda: np.fft.fft(z, axis=0), 3)
row("fft axis=0 2048^2 f64", lambda: np.fft.fft(r, axis=0), 3)
row("fft axis=-1 2048^2 c128", lambda: np.fft.fft(z), 3)
row("fft2 1024^2 f64", lambda: np.fft.fft2(im), 3)
row("fft axis=0 1024x1024", lambda: np.fft.fft(im, axis=0), 3)
row("rfft axis=0 1024x1024", lambda: np.fft.rfft(im, axis=0), 3)
row("ifft2 1024^2 c128", lambda: np.fft.ifft2(im + 0j), 3)
row("fft2 1024^2 c128", lambda: np.fft.fft2(im + 0j), 3)
row("fftn 128x128x64 c128", lambda: np.fft.fftn((im + 0j).reshape(128, 128, 64)), 3)
row("np.copy(A.T) f32", lambda: np.copy(A.T))
row("A.T.copy(order='K') f64", lambda: Ad.T.copy(order="K"))
