import numpy as np
a = np.array([1.7, -2.3, 3.9])
print(a.astype(np.int32), a.astype(np.int64).dtype)
print(a.astype(np.float32))
b = np.array([0, 1, 2], dtype=np.uint8)
print(b - 1)
print(np.array([1, 2, 3]) / 2, np.array([1, 2, 3]) // 2)
print(np.array([True, False]).astype(int))
