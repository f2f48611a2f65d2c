import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(np.cumsum(a), np.cumsum(a, axis=0), np.cumsum(a, axis=1), a.cumsum(axis=-1))
print(np.cumprod(a), np.cumprod(a, axis=0), a.cumprod(axis=1))
print(np.cumsum(np.array([1, 2, 3], np.int8)).dtype, np.cumsum([True, True, False]), np.cumsum(np.array([0.1] * 5, np.float32)))
print(np.cumsum(np.array([1, 2], np.uint8), dtype=np.uint8), np.cumsum([]), np.cumsum(np.array([[1, np.nan], [2, 3]]), axis=0))
