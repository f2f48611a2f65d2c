# numpy.linalg.lstsq: solutions, residuals (rank n < m only, (1,) for a 1-d b),
# rank and singular values -- full rank, rank-deficient, wide, float32, complex,
# empty.  cp solves by the backend's SVD where a lies (CuPy's algorithm;
# tests/devsearch.test runs it that way on the host too).
import numpy as np
a = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
b = np.array([1.0, 2.0, 4.0])
x, r, k, s = np.linalg.lstsq(a, b, rcond=None)
print(np.round(x, 8), np.round(r, 8), k, np.round(s, 8), r.shape, type(k))
B = np.stack([b, b * 2], axis=1)
x, r, k, s = np.linalg.lstsq(a, B, rcond=None)
print(np.round(x, 8), np.round(r, 8), k, x.shape, r.shape)
d = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])
x, r, k, s = np.linalg.lstsq(d, b, rcond=None)
print(np.round(x, 8), r, r.shape, k)
w = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]])
x, r, k, s = np.linalg.lstsq(w, np.array([1.0, 2.0]), rcond=None)
print(np.round(x, 8), r.shape, k)
x, r, k, s = np.linalg.lstsq(a.astype(np.float32), b.astype(np.float32), rcond=None)
print(x.dtype, r.dtype, s.dtype, np.round(x, 4))
c = a + 1j * np.array([[0.5, 0.0], [0.0, 1.0], [1.0, 0.0]])
x, r, k, s = np.linalg.lstsq(c, b + 0j, rcond=None)
print(np.round(x, 8), np.round(r, 8), r.dtype, k, s.dtype)
print(np.linalg.lstsq(np.zeros((0, 2)), np.zeros(0), rcond=None)[0].shape)
