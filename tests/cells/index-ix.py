import numpy as np
a = np.arange(20).reshape(4, 5)
ix = np.ix_([0, 2], [1, 3, 4])
print(ix)
print(a[ix])
print(a[np.ix_([True, False, True, True], [4, 0])])
print(np.ix_(np.array([2, 0]), [True, True, False], []))
print(np.ix_())
print(np.ix_([1.5]), np.ix_((0, 1, 2)))
b = np.zeros((3, 3), dtype=int)
b[np.ix_([0, 2], [0, 2])] = 5
print(b)
print(np.arange(24).reshape(2, 3, 4)[np.ix_([1], [0, 2], [3])])
np.ix_([0, 1], [[1]])
