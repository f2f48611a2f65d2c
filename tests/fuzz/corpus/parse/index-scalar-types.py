import numpy as np
a = np.arange(5, dtype=np.float32)
x = a[2]
print(type(x).__name__ if False else x, x.dtype)
i = np.arange(3)[np.int64(1)]
print(i, i.dtype)
print(np.arange(6)[np.int32(-1)])
print(np.arange(6)[np.array(2)])
print(np.arange(6)[np.uint8(3)])
b = np.array([True, False])[0]
print(b)
