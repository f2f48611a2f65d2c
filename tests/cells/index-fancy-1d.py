import numpy as np
a = np.arange(10) * 10
print(a[[1, 3, 5]])
print(a[[-1, -2]])
print(a[[0, 0, 0]])
print(a[np.array([4, 2])])
print(a[[[1, 2], [3, 4]]])
print(a[np.array([[0], [9]])])
print(a[[]])
print(a[np.array([], dtype=np.int64)].shape)
print(a[range(3)] if False else a[[0, 1, 2]])
