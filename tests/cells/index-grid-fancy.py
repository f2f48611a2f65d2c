import numpy as np
a = np.arange(25).reshape(5, 5)
rows = np.array([[0, 0], [4, 4]])
cols = np.array([[0, 4], [0, 4]])
print(a[rows, cols])
print(a[np.ix_([1, 3], [0, 2])] if hasattr(np, 'ix_') and False else a[[[1], [3]], [0, 2]])
i = np.arange(5)
print(a[i, i])
print(a[i, i[::-1]])
a[i, i] = 0
print(a)
