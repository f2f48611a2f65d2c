import numpy as np
x = np.arange(24)
y = x.reshape(2, 3, 4)
print(y.shape, y.ndim, y.size)
print(y.sum(axis=(0, 2)))
print(y.transpose(2, 0, 1).shape)
z = y.reshape(-1, 6)
print in (z)
print(z.ravel()[:8], z.T.shape)
