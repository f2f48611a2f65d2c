import numpy as np
x = np.arange(4)
y = np.arange(3)
print(x[:, None] * y[None, :])
print((x[None, :, None] + y[:, None, None]).shape)
d = x[:, np.newaxis] - x[np.newaxis, :]
print(d)
print(np.abs(d).max())
