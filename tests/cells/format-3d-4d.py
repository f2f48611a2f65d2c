import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a)
print(repr(a))
b = np.arange(16, dtype=float).reshape(2, 2, 2, 2) - 7.5
print(b)
print(repr(b))
