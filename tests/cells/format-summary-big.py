import numpy as np
x = np.arange(1000000, dtype=np.float64)
print(repr(x))
print(x.reshape(1000, 1000))
y = np.arange(1000000, dtype=np.float32).reshape(100, 100, 100) * 0.5
print(repr(y))
