import numpy as np
print(np.zeros(3), np.zeros((2, 3), dtype=int), np.zeros((2,), np.int8), np.zeros(()), np.zeros((0, 2)))
print(np.ones(3), np.ones((2, 2), dtype=np.complex64), np.ones(2, dtype=bool), np.ones(0))
print(np.empty(0), np.empty((2, 0)).shape, np.zeros(3, dtype='u2').dtype, np.zeros([2, 1]).shape)
f = np.zeros((2, 3), order='F')
print(f.flags.f_contiguous, f.strides, np.ones((2, 3)).strides)
