import numpy as np
print(np.array([1, 2, 3]), np.array([1, 2.5]), np.array([True, 2]), np.array([1 + 2j, 3]))
print(np.array([[1, 2], [3, 4]], dtype=np.float32), np.array((1, 2), ndmin=3).shape, np.array(5), np.array([]))
print(np.array([np.float32(1), 2]).dtype, np.array([np.int8(1), np.int8(2)]).dtype, np.array([np.int8(1), 1000]).dtype)
a = np.arange(3)
b = np.array(a)
b[0] = 9
print(a, b, np.asarray(a) is a, np.array(a, copy=False) is a if False else 0)
print(np.array([a, a + 1]), np.array([[1], [2]], dtype=bool), np.array([0, 1], dtype='f4'))
print(np.array([[[]]]).shape, np.array(True).dtype, np.array(3.5).ndim, np.array([1, 2], dtype=np.uint8) + 0)
