import numpy as np
a = np.arange(60).reshape(3, 4, 5)
print(a[1, [0, 2], 1:4])
print(a[[0, 2], 1, ::2])
print(a[1:, [1, 3], [0, 4]])
print(a[[2, 0], ::-1, 0])
print(a[a[:, 0, 0] > 10, 0])
print(a[[[0, 1]], [[1], [2]], 3])
