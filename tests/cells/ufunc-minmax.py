import numpy as np
a = np.array([1.0, np.nan, 3.0, -np.inf])
b = np.array([2.0, 1.0, np.nan, 0.0])
print(np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b))
print(np.maximum(np.arange(5), 2), np.minimum(np.int8(3), np.array([1, 5], np.int8)))
print(np.maximum(np.array([True, False]), False), np.fmax(np.array([1 + 1j, 2]), np.array([1 + 2j, 1])))
