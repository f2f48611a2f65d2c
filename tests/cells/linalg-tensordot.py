import numpy as np
a = np.arange(60.0).reshape(3, 4, 5)
b = np.arange(24.0).reshape(4, 3, 2)
c = np.tensordot(a, b, axes=([1, 0], [0, 1]))
print(c.shape)
print(c)
print(np.tensordot(np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(4, 3), axes=([1], [1])))
print(np.tensordot(np.arange(4.0).reshape(2, 2), np.arange(4.0).reshape(2, 2)))
print(np.tensordot(np.arange(3.0), np.arange(3.0), axes=0))
