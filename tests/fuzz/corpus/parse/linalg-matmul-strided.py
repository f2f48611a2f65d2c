import numpy as np
a = np.arange(36.0).reshape(6, 6)
print(a[::2, ::3] @ a[1:3, ::2])
print(a.T @ a[:, :2])
print(a[:, 1] @ a[2])
print(a[::-1] @ a[:, ::-1])
