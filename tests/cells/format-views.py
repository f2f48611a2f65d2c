import numpy as np
print(repr(np.arange(10)[::-1]))
print(repr(np.arange(3000.0)[::-2]))
print(repr(np.arange(24).reshape(2, 3, 4)[:, ::-1, 1:3]))
print(repr(np.broadcast_to(np.arange(3.0), (1000, 3))))
x = np.arange(100000.0).reshape(100, 1000).T
print(x)
print(repr(np.zeros((3, 1, 1001))))
print(np.array([[1e-300, 1e300], [np.nan, -0.0]]))
