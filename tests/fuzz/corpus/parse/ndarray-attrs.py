import numpy as np
a = np.arange(6, dtype=np.int16).reshape(2, 3)
print(a.shape, a.ndim, a.size, a.dtype, a.itemsize, a.nbytes, a.strides)
print(a.T, a.T.shape, a.T.strides, a.device)
f = np.zeros((3, 4), dtype=np.float32)[::2, 1::2]
print(f.shape, f.strides, f.size, f.nbytes, f.flags.c_contiguous, f.flags.writeable)
print(np.arange(6).reshape(2, 3).T.flags.f_contiguous, np.array(5).shape, np.array(5).strides, np.array(5).T)
c = np.zeros((2, 3, 4))
print(c.T.shape, c.mT.shape if hasattr(c, 'mT') else (2, 4, 3), c.transpose().strides)
