import numpy as np
a = np.arange(3, dtype=np.int16)
b = np.arange(3, dtype=np.float32)
print(np.stack([a, b]).dtype)
print(np.vstack([a, a]).dtype)
print(np.concatenate([a, b], dtype=np.float64))
print(np.hstack([np.array([True]), np.array([2])]))
