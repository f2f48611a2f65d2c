# bench_cells.py — PERFORMANCE.md's workloads, run unchanged by `lumen run`
# (Lumen) and by python3 with CuPy: one line per workload, "name|ms".
# GPU times are CUDA-event medians; host-side ones use time.perf_counter.
import time
import numpy as np
import cupy as cp

N = 100000000
n = 5000

def gpu_ms(f, reps):
    f()
    f()
    cp.cuda.Device().synchronize()
    ts = []
    for i in range(reps):
        a = cp.cuda.Event()
        b = cp.cuda.Event()
        a.record()
        f()
        b.record()
        b.synchronize()
        ts.append(cp.cuda.get_elapsed_time(a, b))
    ts.sort()
    return ts[len(ts) // 2]

def row(name, f, reps=20):
    try:
        ms = gpu_ms(f, reps)
        print(name + "|" + str(round(ms, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

def host_row(name, f, reps=5):
    try:
        f()
        ts = []
        for i in range(reps):
            t = time.perf_counter()
            f()
            cp.cuda.Device().synchronize()
            ts.append((time.perf_counter() - t) * 1000)
        ts.sort()
        print(name + "|" + str(round(ts[len(ts) // 2], 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

a = cp.random.rand(n, n, dtype=cp.float32)
b = cp.random.rand(n, n, dtype=cp.float32)
row("matmul 5000^2 f32", lambda: a @ b, 8)
a64 = a.astype(cp.float64)
b64 = b.astype(cp.float64)
row("matmul 5000^2 f64", lambda: a64 @ b64, 6)
del a64
del b64
x = cp.random.rand(N, dtype=cp.float32)
y = cp.random.rand(N, dtype=cp.float32)
z = cp.random.rand(N, dtype=cp.float32)
madd = cp.ElementwiseKernel('float32 x, float32 a, float32 b', 'float32 y', 'y = x * a + b', 'multiply_add')
wc = x > 0.5
row("ElementwiseKernel x*a+b 1e8 f32", lambda: madd(x, np.float32(2.0), np.float32(1.0)))
row("x*y+z 1e8 f32", lambda: x * y + z)
row("sin(x)**2+cos(x)**2 1e8 f32", lambda: cp.sin(x) ** 2 + cp.cos(x) ** 2)
row("((x-y)**2).sum() 1e8 f32", lambda: ((x - y) ** 2).sum())
row("cp.sum(x*y) 1e8 f32", lambda: cp.sum(x * y))
row("(x > 0.5).sum() 1e8 f32", lambda: (x > 0.5).sum())
row("cp.max(cp.abs(x-y)) 1e8 f32", lambda: cp.max(cp.abs(x - y)))
row("x*2.5+1 1e8 f32 (scalar params)", lambda: x * 2.5 + 1)
row("cp.where(x > 0.5, x, 0) 1e8 f32", lambda: cp.where(x > 0.5, x, 0))
row("cp.where(c, x, y) 1e8 f32, c precomputed", lambda: cp.where(wc, x, y))
row("sum 1e8 f32", lambda: x.sum())
row("max 1e8 f32", lambda: x.max())
row("sum axis=0 5000^2 f32", lambda: a.sum(axis=0))
row("(a*2+1).sum(axis=0) 5000^2 f32", lambda: (a * 2 + 1).sum(axis=0))
row("sort 1e8 f32", lambda: cp.sort(x), 5)
row("x[x > 0.5] 1e8 f32 (device gather)", lambda: x[x > 0.5], 5)
zm = z.copy()
def mask_set():
    zm[zm > 0.5] = 0
row("x[x > 0.5] = 0 1e8 f32 (device scatter)", mask_set, 5)
del zm
ti = cp.random.randint(0, N, 10000000)
row("x[idx] 1e7 random int64 idx of 1e8 f32", lambda: x[ti], 10)
del ti
sc = (x[:10000000] + 1j * y[:10000000]).astype(cp.complex64)
row("sort 1e7 complex64", lambda: cp.sort(sc), 5)
del sc
rk = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'bench_l2sq')
row("ReductionKernel axis=1 5000^2 f32", lambda: rk(a, axis=1))
row("random.rand 1e8 f32", lambda: cp.random.rand(N, dtype=cp.float32))
row("arange 1e8 f32", lambda: cp.arange(N, dtype=cp.float32))
row("arange 1e8 int64 step 3", lambda: cp.arange(0, 3 * N, 3))
row("linspace(0, 1, 1e8) f64", lambda: cp.linspace(0, 1, N))
s = cp.random.rand(1 << 24, dtype=cp.float32).astype(cp.complex64)
row("fft c64 2^24", lambda: cp.fft.fft(s))
im = cp.random.rand(4096, 4096, dtype=cp.float32)
row("fft2 4096^2 f32", lambda: cp.fft.fft2(im))
ms = cp.random.rand(4096, 4096, dtype=cp.float32) + 4096 * cp.eye(4096, dtype=cp.float32)
rhs = cp.random.rand(4096, dtype=cp.float32)
row("linalg.solve 4096 f32", lambda: cp.linalg.solve(ms, rhs), 10)
sv = cp.random.rand(2048, 2048, dtype=cp.float32)
row("linalg.svd 2048 f32", lambda: cp.linalg.svd(sv), 3)
hx = np.random.rand(N).astype(np.float32)
# the first send of each of five fresh arrays (Lumen pins an array that is
# sent again, so the row below, which sends one array over and over, is
# its repeat-send speed)
ts = []
for i in range(5):
    fresh = hx + np.float32(i)
    t = time.perf_counter()
    cp.asarray(fresh)
    cp.cuda.Device().synchronize()
    ts.append((time.perf_counter() - t) * 1000)
    del fresh
ts.sort()
print("asarray h2d 400MB f32, first send|" + str(round(ts[2], 4)))
host_row("asarray h2d 400MB f32", lambda: cp.asarray(hx))
host_row("asnumpy d2h 400MB f32", lambda: cp.asnumpy(x))
big = cp.arange(N, dtype=cp.float32)
host_row("repr of a 1e8 array", lambda: repr(big))
host_row("repr of 5000^2", lambda: repr(a))
sx = cp.arange(1000, dtype=cp.float32)
sy = cp.arange(1000, dtype=cp.float32)
def small_add():
    for i in range(2000):
        sx + sy
def small_fused():
    for i in range(2000):
        cp.sin(sx) * 2 + 1
def meminfo():
    for i in range(2000):
        cp.cuda.runtime.memGetInfo()
host_row("small a+b 1000 f32 x2000 (us each = ms/2)", small_add)
host_row("sin(x)*2+1 1000 f32 x2000 (us each = ms/2)", small_fused)
host_row("memGetInfo x2000 (us each = ms/2)", meminfo)
k2 = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x * 3.25f + 0.125f', 'novel_kernel_' + str(int(time.time() * 1000) % 100000))
t = time.perf_counter()
k2(sx)
cp.cuda.Device().synchronize()
print("first call of a new ElementwiseKernel|" + str(round((time.perf_counter() - t) * 1000, 4)))
import cupyx.scipy.ndimage
img = cp.random.rand(4096, 4096, dtype=cp.float32)
k5 = cp.random.rand(5, 5, dtype=cp.float32)
row("ndimage.convolve 4096^2 5x5 f32", lambda: cupyx.scipy.ndimage.convolve(img, k5))
