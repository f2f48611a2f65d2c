import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.T @ a)
print((a.T + np.arange(2)).ravel())
b = np.arange(24).reshape(2, 3, 4)
print(np.transpose(b, (2, 0, 1)).reshape(4, 6))
print(b.swapaxes(0, 2).ravel()[:8])
