# kernels.py — cupy.cuda objects and user kernels on the device, run by
# `lumen run` in tests/gpu/check.sh; prints TAP lines.  The sticky error
# (an out-of-bounds write) comes last: the device is unusable after it.
import numpy as np
import cupy as cp

count = [0]
def check(name, cond):
    count[0] += 1
    if cond:
        print("ok " + str(count[0]) + " - " + name)
    else:
        print("not ok " + str(count[0]) + " - " + name)

x = cp.arange(10, dtype=cp.float32)
hx = np.arange(10, dtype=np.float32)
k = cp.ElementwiseKernel('float32 x, float32 a', 'float32 y', 'y = x * a + 1', 'axpb')
y = k(x, np.float32(2))
check("ElementwiseKernel y = x * a + 1", bool((y.get() == hx * 2 + 1).all()))
big = cp.arange(1000003, dtype=cp.float32)
yb = k(big, np.float32(3))
check("ElementwiseKernel on 1e6+3 items (vector path and tail)", bool((yb.get() == np.arange(1000003, dtype=np.float32) * 3 + 1).all()))
kt = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x - y', 'sub_t')
check("ElementwiseKernel with a type placeholder", bool((kt(x, x).get() == 0).all()))
r = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'l2sq')
check("ReductionKernel sum of squares", float(r(x)) == 285.0)
src = 'extern "C" __global__ void twice(const float* a, float* b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) b[i] = 2 * a[i]; }'
raw = cp.RawKernel(src, 'twice')
out = cp.zeros(10, dtype=cp.float32)
raw((1,), (32,), (x, out, np.int32(10)))
check("RawKernel", bool((out.get() == hx * 2).all()))
mod = cp.RawModule(code=src)
f = mod.get_function('twice')
out2 = cp.zeros(10, dtype=cp.float32)
f((1,), (32,), (x, out2, np.int32(10)))
check("RawModule.get_function", bool((out2.get() == hx * 2).all()))
try:
    cp.RawKernel('extern "C" __global__ void bad(float *x) { x[0] = undefined_thing; }', 'bad')((1,), (1,), (x,))
    check("a compile error raises", False)
except Exception as e:
    print("# " + str(e)[:200])
    check("a compile error raises with NVRTC's log", "undefined_thing" in str(e))
try:
    raw((1,), (32,), (x, out))
    check("wrong argument count raises", False)
except Exception as e:
    print("# " + str(e))
    check("wrong argument count raises", "argument" in str(e))
try:
    raw((1,), (4096,), (x, out, np.int32(10)))
    cp.cuda.Device().synchronize()
    check("a bad launch configuration raises", False)
except Exception as e:
    print("# " + str(e))
    check("a bad launch configuration raises CUDARuntimeError", "cudaError" in str(e))
check("the device works after a bad launch", float((x + 1).sum()) == 55.0)
pool = cp.get_default_memory_pool()
check("pool.used_bytes() counts live arrays", pool.used_bytes() > 0)
try:
    z = cp.zeros(10 ** 12)
    check("cp.zeros(10**12) raises OutOfMemoryError", False)
except MemoryError as e:
    print("# " + str(e))
    check("cp.zeros(10**12) raises OutOfMemoryError", "Out of memory allocating" in str(e))
check("allocations work after out-of-memory", float(cp.ones(1000).sum()) == 1000.0)
pool.free_all_blocks()
check("free_all_blocks leaves used bytes alone", pool.used_bytes() > 0)
fr, tot = cp.cuda.runtime.memGetInfo()
check("memGetInfo gives (free, total)", fr > 0 and tot >= fr)
check("getDeviceCount", cp.cuda.runtime.getDeviceCount() >= 1)
props = cp.cuda.runtime.getDeviceProperties(0)
check("getDeviceProperties has the SM count", props["multiProcessorCount"] > 0)
d = cp.cuda.Device(0)
check("Device.compute_capability", len(d.compute_capability) >= 2)
s = cp.cuda.Stream()
with s:
    w = x * 2
s.synchronize()
cp.cuda.Stream.null.synchronize()
check("a Stream in a with block", bool((w.get() == hx * 2).all()))
a = cp.cuda.Event()
b = cp.cuda.Event()
a.record()
q = cp.random.rand(1000000, dtype=cp.float32).sum()
b.record()
b.synchronize()
check("Event timing", cp.cuda.get_elapsed_time(a, b) > 0)
oob = cp.RawKernel('extern "C" __global__ void oob(float *x) { x[(1ULL << 40) + threadIdx.x] = 1; }', 'oob')
try:
    oob((1,), (32,), (x,))
    cp.cuda.Device().synchronize()
    check("an out-of-bounds write raises", False)
except Exception as e:
    print("# " + str(e))
    check("an out-of-bounds write: CUDARuntimeError saying restart", "cudaErrorIllegalAddress" in str(e) and "restart" in str(e))
try:
    cp.zeros(3)
    check("later operations fail clearly", False)
except Exception as e:
    check("later operations fail clearly", "restart" in str(e))
print("1.." + str(count[0]))
