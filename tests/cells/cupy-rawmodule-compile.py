# cp.RawModule(code=...).compile() and RawKernel.compile(): compiled now, None (a module's errors
# show at compile()); kernels launched with keywords block=, grid=, args= as in CuPy's examples
import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = None
if cp is not None:
    m = cp.RawModule(code='extern "C" __global__ void twice(float *x, int n) '
                          '{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2; }')
    print(m.compile())
    x = cp.arange(4, dtype=cp.float32)
    f = m.get_function("twice")
    f((1,), (4,), (x, cp.int32(4)))
    f(block=(4,), grid=(1,), args=(x, cp.int32(4)))
    print(cp.asnumpy(x))
    bad = cp.RawModule(code='extern "C" __global__ void k(float *x) { x[0] = undefined_name; }')
    try:
        bad.compile()
        print("compiled")
    except Exception:
        print("error")
    print(cp.RawKernel('extern "C" __global__ void k2(float *x) { x[0] = 1; }', 'k2').compile())
else:
    print(None)
    print(np.arange(4, dtype=np.float32) * 4)
    print("error")
    print(None)
