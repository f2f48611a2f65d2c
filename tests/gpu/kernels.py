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
    check("too few arguments: TypeError naming the count", type(e) is TypeError and "takes 3 kernel arguments (2 given)" in str(e))
try:
    raw((1,), (32,), (x, out, np.int32(10), np.int32(1)))
    check("too many arguments raises", False)
except Exception as e:
    print("# " + str(e))
    check("too many arguments: TypeError naming the count", type(e) is TypeError and "(4 given)" in str(e))
try:
    f((1,), (32,), (x,))
    check("RawModule function: wrong argument count raises", False)
except Exception as e:
    check("RawModule function: wrong argument count raises TypeError", type(e) is TypeError)
out3 = cp.zeros(10, dtype=cp.float32)
raw((1,), (32,), (x, out3, np.int32(10)))
check("RawKernel still works after the argument errors", bool((out3.get() == hx * 2).all()))
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
# a loop that fills the card, 8 GiB at a time: OutOfMemoryError in CuPy's
# words, then everything goes back and later statements work
free0 = cp.cuda.runtime.memGetInfo()[0]
chunks = []
try:
    for i in range(1000):
        chunks.append(cp.empty(8 << 30, dtype=cp.uint8))
    check("a loop that fills the card ends in OutOfMemoryError", False)
except MemoryError as e:
    print("# after %d chunks of 8 GiB: %s" % (len(chunks), e))
    check("a loop that fills the card ends in OutOfMemoryError",
          type(e).__name__ == "OutOfMemoryError" and "Out of memory allocating 8,589,934,592 bytes" in str(e)
          and len(chunks) * (8 << 30) > free0 // 2)
del chunks
pool.free_all_blocks()
free1 = cp.cuda.runtime.memGetInfo()[0]
print("# free before %d, after %d" % (free0, free1))
check("the card's memory comes back after the loop's arrays go", free1 >= free0 - (1 << 30))
check("statements work after the card was full",
      float((cp.arange(10**6) % 7).sum()) == float((np.arange(10**6) % 7).sum()))
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
# ReductionKernel with axis= and keepdims=
h3 = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
d3 = cp.asarray(h3)
check("ReductionKernel axis=1", np.array_equal(r(d3, axis=1).get(), (h3 * h3).sum(axis=1)))
check("ReductionKernel axis=(0, 2)", np.array_equal(r(d3, axis=(0, 2)).get(), (h3 * h3).sum(axis=(0, 2))))
rk = r(d3, axis=-1, keepdims=True)
check("ReductionKernel axis=-1, keepdims=True", rk.shape == (2, 3, 1) and np.array_equal(rk.get(), (h3 * h3).sum(axis=-1, keepdims=True)))
check("ReductionKernel axis=None", float(r(d3)) == float((h3 * h3).sum()))
check("ReductionKernel over every axis by tuple", r(d3, axis=(0, 1, 2)).shape == () and float(r(d3, axis=(0, 1, 2))) == float((h3 * h3).sum()))
wide = cp.arange(3000 * 70, dtype=cp.float32).reshape(3000, 70) % 7
check("ReductionKernel axis=1 over 3000 rows", np.array_equal(r(wide, axis=1).get(), ((wide.get() ** 2).sum(axis=1))))
check("ReductionKernel axis=0 over an empty axis gives the identity", np.array_equal(r(cp.zeros((0, 3), dtype=cp.float32), axis=0).get(), np.zeros(3, dtype=np.float32)))
try:
    r(d3, axis=3)
    check("ReductionKernel axis out of range raises", False)
except Exception as e:
    check("ReductionKernel axis out of range raises AxisError", "out of bounds" in str(e))
# fancy indexing on the device (backend gather / scatter)
fa = np.arange(60, dtype=np.float64).reshape(5, 12)
da = cp.asarray(fa)
ia = np.array([4, 0, 0, 2])
check("x[idx] on the device", np.array_equal(da[cp.asarray(ia)].get(), fa[ia]))
check("x[:, idx]", np.array_equal(da[:, cp.asarray(ia)].get(), fa[:, ia]))
check("x[idx, 1:9:3]", np.array_equal(da[cp.asarray(ia), 1:9:3].get(), fa[ia, 1:9:3]))
check("x.T[idx] (a strided view)", np.array_equal(da.T[cp.asarray(ia)].get(), fa.T[ia]))
check("x[x > 30]", np.array_equal(da[da > 30].get(), fa[fa > 30]))
check("x[[1, 3], [2, 5]]", np.array_equal(da[[1, 3], [2, 5]].get(), fa[[1, 3], [2, 5]]))
i2 = np.array([[0, 1], [4, 4], [2, 0]])
check("x[idx2d] (an index array of two dims)", np.array_equal(da[cp.asarray(i2)].get(), fa[i2]))
check("x[1:, idx2d]", np.array_equal(da[1:, cp.asarray(i2)].get(), fa[1:, i2]))
fc = (fa + 1j * fa[::-1]).astype(np.complex128)
dc = cp.asarray(fc)
check("complex128 x[idx] (16-byte items)", np.array_equal(dc[cp.asarray(ia)].get(), fc[ia]))
fb = np.arange(40, dtype=np.int8)
check("int8 x[idx]", np.array_equal(cp.asarray(fb)[cp.asarray([39, 0, 7])].get(), fb[[39, 0, 7]]))
d4 = da.copy()
f4 = fa.copy()
d4[d4 > 30] = 0
f4[f4 > 30] = 0
check("x[x > 30] = 0", np.array_equal(d4.get(), f4))
d4[cp.asarray([1, 1, 3])] = cp.asarray(np.arange(36, dtype=np.float64).reshape(3, 12))
f4[[1, 1, 3]] = np.arange(36, dtype=np.float64).reshape(3, 12)
check("x[[1, 1, 3]] = v: the last write wins", np.array_equal(d4.get(), f4))
d4[:, [11, 0, 11]] = -1.5
f4[:, [11, 0, 11]] = -1.5
check("x[:, idx] = scalar", np.array_equal(d4.get(), f4))
d4[[0, 2], [1, 3]] = cp.asarray([7.0, 8.0])
f4[[0, 2], [1, 3]] = [7.0, 8.0]
check("x[[0, 2], [1, 3]] = v", np.array_equal(d4.get(), f4))
d4[cp.asarray(i2)] = 2.5
f4[i2] = 2.5
check("x[idx2d] = scalar (duplicates)", np.array_equal(d4.get(), f4))
# complex sort on the device: (real, imag), NaNs last in NumPy's order
nan = float("nan")
zc = np.array([3 + 1j, nan + 2j, 1 + nan * 1j, -0.0 + 5j, 1 - 2j, nan + nan * 1j, 1 + 1j, nan - 1j, -4 + 0j, 3 + 0j], dtype=np.complex128)
def same_bits(p, q):
    return p.shape == q.shape and np.array_equal(p.view(np.float64), q.view(np.float64), equal_nan=True)
check("sort complex128 with NaNs (NumPy order)", same_bits(cp.sort(cp.asarray(zc)).get(), np.sort(zc)))
check("sort complex64", same_bits(cp.sort(cp.asarray(zc.astype(np.complex64))).get().astype(np.complex128), np.sort(zc.astype(np.complex64)).astype(np.complex128)))
check("argsort complex128", np.array_equal(cp.argsort(cp.asarray(zc)).get(), np.argsort(zc)))
zr = (np.arange(30) % 7 - 3.0) + 1j * (np.arange(30) % 5)
zr = zr.reshape(3, 10)
check("sort complex rows (axis=-1)", same_bits(cp.sort(cp.asarray(zr), axis=-1).get(), np.sort(zr, axis=-1)))
check("sort complex axis=0", same_bits(cp.sort(cp.asarray(zr), axis=0).get(), np.sort(zr, axis=0)))
zu = np.exp(1j * np.arange(5000) * 0.37) * np.arange(5000)
check("argsort of 5000 distinct complex", np.array_equal(cp.argsort(cp.asarray(zu)).get(), np.argsort(zu)))
# FFT front end: the input is read in place (no copy), never written
xs = cp.asarray((np.arange(64) % 7 - 3.0 + 1j * (np.arange(64) % 5)).astype(np.complex64))
x0 = xs.get()
fx = cp.fft.fft(xs)
check("cp.fft.fft leaves its complex64 input alone", np.array_equal(xs.get(), x0))
check("cp.fft.fft matches numpy", np.allclose(fx.get(), np.fft.fft(x0), rtol=1e-4, atol=1e-3))
check("cp.fft.ifft(fft(x)) round trip", np.allclose(cp.fft.ifft(fx).get(), x0, rtol=1e-4, atol=1e-4))
check("cp.fft.fft leaves its input alone after ifft too", np.array_equal(xs.get(), x0))
xr = cp.asarray((np.arange(48) % 11).astype(np.float32).reshape(6, 8))
xr0 = xr.get()
check("cp.fft.rfft2 of float32 matches numpy, input untouched", np.allclose(cp.fft.rfft2(xr).get(), np.fft.rfft2(xr0), rtol=1e-4, atol=1e-3) and np.array_equal(xr.get(), xr0))
xc2 = cp.asarray(x0.reshape(8, 8))
check("cp.fft.fft2 complex64 matches numpy, input untouched", np.allclose(cp.fft.fft2(xc2).get(), np.fft.fft2(x0.reshape(8, 8)), rtol=1e-4, atol=1e-3) and np.array_equal(xc2.get(), x0.reshape(8, 8)))
check("cp.fft.fft along axis 0 (a copy to move the axis)", np.allclose(cp.fft.fft(xc2, axis=0).get(), np.fft.fft(x0.reshape(8, 8), axis=0), rtol=1e-4, atol=1e-3))
x3 = cp.asarray(x0.reshape(4, 4, 4))
check("cp.fft.fftn over 3 axes matches numpy, input untouched", np.allclose(cp.fft.fftn(x3).get(), np.fft.fftn(x0.reshape(4, 4, 4)), rtol=1e-4, atol=1e-3) and np.array_equal(x3.get(), x0.reshape(4, 4, 4)))
check("cp.fft.irfft of a half spectrum matches numpy", np.allclose(cp.fft.irfft(fx[:33]).get(), np.fft.irfft(fx.get()[:33]), rtol=1e-4, atol=1e-4))
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
