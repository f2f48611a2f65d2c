# nonzero / flatnonzero / argwhere / where(c): results, layouts of the
# returned index arrays (views of one buffer for 1-d), writes to them.
import numpy as np
x = np.array([0, 3, 0, 0, 5, 1, 0])
print(np.nonzero(x), np.flatnonzero(x), np.argwhere(x), np.where(x), x.nonzero())
a = np.array([[0, 1, 2], [3, 0, 0]])
print(np.nonzero(a), np.argwhere(a), np.flatnonzero(a), np.where(a > 0), np.nonzero(a.T))
print(np.nonzero(np.zeros(5)), np.argwhere(np.zeros((2, 2))), np.flatnonzero(np.zeros(0)), np.argwhere(np.float64(3.0)), np.argwhere(np.float64(0)))
n = np.nonzero(x)[0]
print(n.strides, n.flags.c_contiguous, n[::2], n.copy(), n.sum(), n.shape, n.dtype)
n[0] = 99
print(n, np.nonzero(np.array([np.nan, 0.0, -0.0, 1e-300]))[0], np.nonzero(np.arange(10)[::-3])[0])
print(np.nonzero(np.ones((2, 3, 2), bool)[:, ::2]))
