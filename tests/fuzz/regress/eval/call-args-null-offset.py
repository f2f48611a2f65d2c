# A new empty array has all strides 0 (NumPy 2), whatever made it; a view of
# one keeps its parent's strides; an empty array is C and F contiguous.
import numpy as np
print(np.array([]).strides, np.arange(0).strides, np.empty((0, 3)).strides, np.zeros((3, 0)).strides)
print((np.ones((0, 3)) + 1).strides, np.ones((0, 3)).T.strides, np.ones((2, 0, 4)).strides)
print(np.ones((4, 3))[:0].strides, np.ones((4, 3))[:0].copy().strides)
print(np.ones((0, 3), dtype=np.int8).astype(np.float32).strides, np.empty_like(np.ones((0, 3))).strides)
print(np.concatenate([np.ones((0, 3)), np.ones((0, 3))]).strides, np.zeros((2, 0)).sum(axis=1).strides)
e = np.ones((0, 3))
print(e.flags.c_contiguous, e.flags.f_contiguous, e.T.flags.c_contiguous, np.ones((4, 3))[:0, ::2].flags.c_contiguous)
print(np.ascontiguousarray(e).strides, np.ones((5, 0)).T.copy().strides, e.reshape(3, 0).shape, e.ravel().strides)
# order='F' too: empty arrays get zero strides, others Fortran strides
print(np.zeros((0, 3), order='F').strides, np.empty((2, 0, 4), order='F').strides, np.ones((3, 0), order='F').strides)
print(np.zeros((2, 3), order='F').strides, np.empty((2, 3, 4), dtype=np.int16, order='F').strides, np.ones((1, 3), order='F').strides)
f = np.full((0, 2), 7.0, order='F')
print(f.strides, f.flags.c_contiguous, f.flags.f_contiguous)
