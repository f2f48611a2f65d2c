import numpy as np
a = np.zeros((3, 4))
a[:] = np.arange(4)
print(a)
a[...] = 1.5
print(a)
a[:, 1] = [7, 8, 9]
print(a)
a[0:2] = np.array([[[1, 2, 3, 4]]])
print(a)
b = np.zeros((2, 3), dtype=np.float32)
b[0] = np.array([1, 2, 3], dtype=np.int64)
print(b)
