import numpy as np
print(np.full(3, 7), np.full((2, 2), 1.5), np.full(3, True), np.full((2,), 1.5, dtype=np.float32), np.full(2, np.nan))
print(np.full((2, 3), [1, 2, 3]), np.full(2, 2 + 1j))
a = np.arange(6, dtype=np.int16).reshape(2, 3)
print(np.zeros_like(a), np.ones_like(a, dtype=np.float32), np.full_like(a, 9), np.full_like(a, 2.7), np.empty_like(a).shape)
print(np.zeros_like([1.5, 2]), np.ones_like(np.array(3)), np.full_like(a, 1, shape=(4,)))
