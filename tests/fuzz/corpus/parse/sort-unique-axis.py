import numpy as np
a = np.array([[1, 0, 0], [1, 0, 0], [2, 3, 4]])
print(np.unique(a, axis=0))
print(np.unique(a, axis=1))
u, inv, cnt = np.unique(a, axis=0, return_inverse=True, return_counts=True)
print(u)
print(inv, cnt)
m = np.array([[3, 1, 2], [2, 3, 1]])
print(np.unique(m, return_inverse=True))
