import numpy as np
print(repr(np.arange(30) * 1000))
print(np.arange(30, dtype=float) * 1.5)
print(repr(np.arange(60, dtype=float).reshape(3, 20) / 7))
print(repr(np.arange(25, dtype=np.float32) / 3))
