import numpy as np
a = np.array([1, 2, 3])
b = np.array([4, 5, 6])
print(np.stack([a, b]), np.stack([a, b], axis=1).shape)
print(np.concatenate([a, b]), np.hstack([a, b]).shape)
parts = np.split(np.arange(9), 3)
print(parts)
print(np.array_split(np.arange(7), 3))
