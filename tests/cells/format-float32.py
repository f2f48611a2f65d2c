import numpy as np
a = np.array([0.1, 0.2, 0.3], dtype=np.float32)
print(a)
print(repr(a))
print(repr(np.array([1 / 3], dtype=np.float32)))
print(repr(np.array([1e6, 1.0], dtype=np.float32)))
print(repr(np.array([123456789.0], dtype=np.float32)))
print(repr(np.arange(5, dtype=np.float32) / 7))
