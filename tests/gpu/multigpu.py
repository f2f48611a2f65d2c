# multigpu.py (tests/gpu/multigpu.sh, issue 21): several GPUs in one process as CuPy 14
# has them.  Run by `lumen run` (LUMEN_DEVICE=cuda) and by python3 with CuPy; the two
# outputs must be equal, on any device count:
#  - every machine: the device count, the current device, Device(n) (an ordinal the
#    machine lacks) failing with CUDARuntimeError on use / with / synchronize / setDevice
#    while the current device stays; with one GPU that ordinal is 1;
#  - two GPUs or more: arrays made under `with cp.cuda.Device(1)` live there (x.device),
#    a slice of operations runs there (ufuncs, reductions, matmul, FFT, sort, boolean
#    indexing, random, ElementwiseKernel, ReductionKernel, RawKernel, cp.fuse), device
#    1's memory pool is its own, cp.asarray and x.copy() under device 0 copy to device 0,
#    and an operation mixing devices follows CuPy's _check_peer_access (a
#    PerformanceWarning with peer access, a ValueError without).
import warnings

import cupy as cp
import numpy as np


def show(name, v):
    a = cp.asnumpy(v)
    dt = a.dtype
    if a.dtype.kind == "f":
        a = np.round(a.astype(np.float64), 3)
    print(name, v.device, dt, a.shape, a.ravel()[:6].tolist())


def err(what, f):
    try:
        f()
        print(what, "no error")
    except Exception as e:
        print(what, type(e).__name__, e)


def entered(dev):
    with dev:
        pass


n = cp.cuda.runtime.getDeviceCount()
cp.cuda.Device(0).use()
print("devices:", "one" if n == 1 else "several")
print("current:", cp.cuda.runtime.getDevice(), cp.cuda.Device().id, cp.cuda.get_device_id())

bad = cp.cuda.Device(n)
err("Device(n).use()", bad.use)
err("with Device(n)", lambda: entered(bad))
err("Device(n).synchronize()", bad.synchronize)
err("setDevice(n)", lambda: cp.cuda.runtime.setDevice(n))
if n == 1:
    err("with Device(1)", lambda: entered(cp.cuda.Device(1)))
print("still current:", cp.cuda.runtime.getDevice())
a0 = cp.arange(6, dtype=cp.float32)
print("a0 on", a0.device, a0.device == cp.cuda.Device(0))

if n >= 2:
    d1 = cp.cuda.Device(1)
    pool = cp.get_default_memory_pool()
    used0 = pool.used_bytes()
    with d1:
        print("inside with:", cp.cuda.runtime.getDevice(), cp.cuda.Device().id)
        x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
        print("x on", x.device, x.device.id, x.device == d1)
        show("ufunc", cp.sin(x) * 2 + 1)
        show("sum", x.sum(axis=1))
        show("mean", x.mean())
        show("matmul", x @ x.T)
        show("fft", cp.abs(cp.fft.fft(x[0])))
        show("sort", cp.sort(-x.ravel()))
        show("argmax", cp.argmax(x, axis=0))
        show("mask", x[x > 5])
        show("take", x[:, [0, 2]])
        show("cumsum", cp.cumsum(x, axis=1))
        show("linalg.solve", cp.linalg.solve(x[:, :3] + 10 * cp.eye(3, dtype=cp.float32),
                                             cp.ones(3, dtype=cp.float32)))
        r = cp.random.rand(1000)
        print("random", r.device, r.shape, bool(((r >= 0) & (r < 1)).all()))
        sq = cp.ElementwiseKernel("float32 a", "float32 b", "b = a * a", "mg_sq")
        show("ElementwiseKernel", sq(x))
        rk = cp.ReductionKernel("float32 v", "float32 s", "v", "a + b", "s = a", "0", "mg_sum")
        show("ReductionKernel", rk(x))
        twice = cp.RawKernel(r'''
extern "C" __global__ void mg_twice(float *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= 2;
}''', "mg_twice")
        z = x.ravel().copy()
        twice((1,), (32,), (z, cp.int32(z.size)))
        show("RawKernel", z)
        fused = cp.fuse(lambda a, b: a * b + 1)
        show("fuse", fused(x, x))
        cp.cuda.Device().synchronize()
        print("pool of device 1 holds x:", pool.used_bytes() >= x.nbytes)
    print("after with:", cp.cuda.runtime.getDevice())
    print("device 0's pool unchanged by device 1's arrays:", pool.used_bytes() == used0)
    y0 = cp.asarray(x)
    print("asarray under device 0:", y0.device, y0 is x,
          bool((y0 == cp.arange(12, dtype=cp.float32).reshape(3, 4)).all()))
    c0 = x.copy()
    print("copy under device 0:", c0.device, bool((c0 == y0).all()))
    print("get() of x from device 0:", x.get().ravel().tolist()[:4], repr(x[0, :2]))
    with d1:
        back = cp.asarray(y0)
        print("asarray back on device 1:", back.device, bool((back == x).all()))
    can = cp.cuda.runtime.deviceCanAccessPeer(0, 1)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            m = x + y0
            print("mixed x + y0:", m.device, [str(i.message) for i in w], "peer", can,
                  bool((m == 2 * y0).all()))
        except ValueError as e:
            print("mixed x + y0: ValueError", e, "peer", can)
    d1.use()
    print("use():", cp.cuda.runtime.getDevice(), cp.arange(3).device)
    cp.cuda.runtime.setDevice(0)
    print("setDevice(0):", cp.cuda.runtime.getDevice(), cp.arange(3).device)
    with cp.cuda.Device(1):
        with cp.cuda.Device(0):
            print("nested:", cp.cuda.runtime.getDevice())
        print("nested:", cp.cuda.runtime.getDevice())
    print("nested:", cp.cuda.runtime.getDevice())
