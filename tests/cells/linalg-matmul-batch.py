import numpy as np
a = np.arange(24.0).reshape(2, 3, 4)
b = np.arange(8.0).reshape(4, 2)
c = a @ b
print(c.shape)
print(c)
d = np.arange(16.0).reshape(2, 1, 2, 4) @ np.ones((3, 4, 1))
print(d.shape)
print(d[1, 2])
