import numpy as np
a = np.arange(12).reshape(3, 4)
print(a)
print(repr(a))
f = np.arange(6, dtype=float).reshape(2, 3) / 4
print(f)
print(repr(f))
print(repr(a.T))
