import numpy as np
x = np.arange(12, dtype=np.float64)[::3] * 0.5
print(np.vander(x), np.vander(x, 3, increasing=True))
print(np.vander(np.array([3, -2, 7], dtype=np.int64)[::-1], 25))
print(np.vander(np.array([1 + 2j, -0.5j, 3]), 4))
print(np.vander(np.array([0.1, 0.2, 0.3], dtype=np.float32)), np.vander(np.array([7], dtype=np.uint16), 1))
print(repr(np.vander(np.zeros(0), 3)), repr(np.vander(np.ones(2), 0)))
