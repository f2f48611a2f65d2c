# np.ndarray(shape, dtype, order=): the constructor CuPy's user guide uses
# (`cp.ndarray([1, 2, 3])`: an uninitialised array of that shape)
import numpy as np
a = np.ndarray((2, 3), dtype=np.int32)
print(a.shape, a.dtype, type(a).__name__, a.flags['C_CONTIGUOUS'])
b = np.ndarray([4])
print(b.shape, b.dtype)
c = np.ndarray((3, 2), "f4", order="F")
print(c.dtype, c.flags['F_CONTIGUOUS'], c.strides)
d = np.ndarray(5, dtype=np.complex64)
d[:] = 1 + 2j
print(d)
print(isinstance(a, np.ndarray), np.ndarray(()).shape)
