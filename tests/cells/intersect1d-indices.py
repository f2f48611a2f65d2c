# np.intersect1d(return_indices=True): NumPy's stable argsort of the concatenation, first-occurrence indices
import numpy as np
x = np.array([1, 1, 2, 3, 4])
y = np.array([2, 1, 4, 6])
xy, x_ind, y_ind = np.intersect1d(x, y, return_indices=True)
print(repr(xy), repr(x_ind), repr(y_ind), repr(x[x_ind]), repr(y[y_ind]))
print(np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1], return_indices=True))
print(np.intersect1d(np.array([5, 3, 1]), np.array([1, 5, 7]), assume_unique=True, return_indices=True))
print(np.intersect1d([[1, 2], [3, 4]], [4.0, 2.0], return_indices=True))
print(np.intersect1d([], [1], return_indices=True), repr(np.intersect1d([1, 2, 3], [2, 3, 9])))
