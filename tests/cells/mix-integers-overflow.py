import numpy as np
a = np.array([250, 5], dtype=np.uint8)
print(a + np.uint8(10))
b = np.array([2 ** 31 - 1], dtype=np.int32)
print(b + 1)
print(np.iinfo(np.int16).max, np.iinfo(np.uint8).min, np.finfo(np.float32).eps)
