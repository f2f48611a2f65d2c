import numpy as np
a = np.array([[[3, 1], [2, 9]], [[0, 5], [7, 4]]])
print(np.sort(a, axis=0))
print(np.sort(a, axis=1))
print(np.sort(a, axis=2))
print(np.argsort(a, axis=0))
print(np.argsort(a, axis=1))
print(np.sort(a.T, axis=0))
