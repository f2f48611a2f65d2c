# cupyx.jit.rawkernel: a Python function's body run as a CUDA kernel (Lumen translates it to
# CUDA C; host mode runs it on the CPU). CPython has no cupy: its branch computes the same with NumPy.
# The kernels keep to what CuPy's jit takes (on the GPU machine the reference runs them by CuPy):
# cp.sqrt (not math.sqrt), both arms of `a if c else b` of one dtype, no constant locals in a branch.
import numpy as np
try:
    import cupy as cp
    from cupyx import jit
except ImportError:
    cp = None

n = 1000
x = np.arange(n, dtype=np.float32) * 0.5 - 100
m = np.arange(12, dtype=np.int64).reshape(3, 4)
if cp is not None:
    @jit.rawkernel()
    def copy_scale(x, y, size, s):
        tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
        ntid = jit.gridDim.x * jit.blockDim.x
        for i in range(tid, size, ntid):
            y[i] = x[i] * s + 1

    @jit.rawkernel()
    def mixed(x, out, size):
        i = jit.grid(1)
        if i < size:
            v = x[i]
            if v < 0:
                out[i] = -v
            elif v > 200:
                out[i] = cp.sqrt(v)
            else:
                out[i] = v if i % 2 == 0 else v + v

    @jit.rawkernel()
    def twod(a, b):
        i, j = jit.grid(2)
        if i < a.shape[0] and j < a.shape[1]:
            b[i, j] = a[i, j] * 10 + i - j

    @jit.rawkernel()
    def pyops(a, q, r, p):
        i = jit.grid(1)
        if i < a.size:
            q[i] = a[i] // 3
            r[i] = a[i] % 3
            p[i] = a[i] ** 2

    @jit.rawkernel()
    def loop_sum(x, out, n):
        i = jit.grid(1)
        if i < n:
            s = out[i]   # (zeros) CuPy's jit takes `s = 0` for a constant, which += cannot change
            k = i - i
            while k <= i:
                s += x[k]
                k += 1
            out[i] = s

    @jit.rawkernel()
    def hist(v, bins, n):
        i = jit.grid(1)
        stride = jit.gridsize(1)
        while i < n:
            jit.atomic_add(bins, v[i] % 4, 1)
            i += stride

    import math
    xd = cp.asarray(x)
    y = cp.empty_like(xd)
    copy_scale((4,), (64,), (xd, y, cp.uint32(n), cp.float32(2.0)))
    print(cp.asnumpy(y)[:5], cp.asnumpy(y)[-3:], y.dtype)
    copy_scale[2, 32](xd, y, n, 0.5)
    print(cp.asnumpy(y)[:5], y.dtype)
    out = cp.zeros_like(xd)
    mixed(((n + 127) // 128,), (128,), (xd, out, n))
    print(cp.asnumpy(out)[195:205])
    md = cp.asarray(m)
    bd = cp.zeros_like(md)
    twod[(2, 2), (2, 2)](md, bd)
    print(cp.asnumpy(bd))
    ad = cp.arange(-6, 6)
    q, r, p = cp.zeros_like(ad), cp.zeros_like(ad), cp.zeros_like(ad)
    pyops[1, 32](ad, q, r, p)
    print(cp.asnumpy(q), cp.asnumpy(r), cp.asnumpy(p))
    sm = cp.zeros(8, dtype=cp.float64)
    loop_sum[1, 8](cp.asarray(x[:8]), sm, 8)
    print(cp.asnumpy(sm))
    bins = cp.zeros(4, dtype=cp.int32)
    hist[3, 16](cp.arange(100), bins, 100)
    print(cp.asnumpy(bins), bins.dtype)
else:
    import math
    y = (x * np.float32(2.0) + 1).astype(np.float32)
    print(y[:5], y[-3:], y.dtype)
    y = (x * np.float32(0.5) + 1).astype(np.float32)
    print(y[:5], y.dtype)
    out = np.where(x < 0, -x, np.where(x > 200, np.sqrt(np.abs(x)), np.where(np.arange(n) % 2 == 0, x, x * 2))).astype(np.float32)
    print(out[195:205])
    i, j = np.indices(m.shape)
    print(m * 10 + i - j)
    a = np.arange(-6, 6)
    print(a // 3, a % 3, a ** 2)
    print(np.cumsum(x[:8].astype(np.float64)))
    print(np.bincount(np.arange(100) % 4).astype(np.int32), np.dtype(np.int32))
