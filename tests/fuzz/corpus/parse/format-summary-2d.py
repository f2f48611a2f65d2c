import numpy as np
a = np.arange(10000).reshape(100, 100)
print(a)
print(repr(a))
f = np.arange(10000, dtype=np.float64).reshape(100, 100) / 3
print(repr(f))
print(repr(np.arange(1200.0).reshape(2, 600)))
