import numpy as np
a = np.arange(10, dtype=np.float32) / 2
print(np.searchsorted(a, [0.25, 4.5, 100]))
i = np.array([1, 5, 9], dtype=np.int8)
print(np.searchsorted(i, [0, 5, 6.5, 10], side='right'))
print(np.searchsorted(np.array([]), 3))
print(np.searchsorted([1, 2, 3], np.array([[2]])))
