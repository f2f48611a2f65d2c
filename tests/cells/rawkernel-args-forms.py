# RawKernel arguments as eshibusawa/CuPy-CUDA's notebook passes them: a one-element NumPy
# array (cp.float32(a) of a shape-(1,) array) is its item in its dtype, and `args=(x_gpu)`
# -- an array, not a tuple -- is iterated as CuPy iterates it: the kernel's one pointer
# parameter gets row 0, the array itself.
# CPython has no CuPy here: the fallback computes what the kernels do.
import numpy as np
try:
    import cupy as cp
except ImportError:
    class _Fn:
        def __init__(self, name):
            self.name = name

        def __call__(self, grid=None, block=None, args=None):
            if self.name == 'mult':
                args[0][:args[2]] *= args[1]
            else:
                args[:8] *= 2

    class RawModule:
        def __init__(self, code):
            pass

        def get_function(self, name):
            return _Fn(name)

    class cp:
        float32 = np.float32
        array = staticmethod(np.array)
        RawModule = RawModule

src = r'''
extern "C" __global__ void mult(float *x, float a, int length)
{
  const int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= length) return;
  x[index] *= a;
}
extern "C" __global__ void
twice(float *x)
{
  const int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= 8) return;
  x[index] *= 2;
}
'''
m = cp.RawModule(code=src)
xg = cp.array(np.arange(8, dtype=np.float32))
a = np.array([0.5], dtype=np.float32)
a_gpu = cp.float32(a)
print(type(a_gpu).__name__, a_gpu.shape)
m.get_function('mult')(block=(8,), grid=(1,), args=(xg, a_gpu, 8))
print(xg)
sz_block = 8,
f = m.get_function('twice')
f(block=sz_block, grid=(1,), args=(xg))
print(xg)
