import numpy as np
print(repr(np.arange(10)))
print(np.arange(-5, 6))
print(repr(np.array([1, -20, 300, -4000])))
print(repr(np.array([-128, 0, 127], dtype=np.int8)))
print(repr(np.array([1, 2, 3], dtype=np.int16)))
print(repr(np.array([7, 8], dtype=np.int32)))
print(repr(np.array([(2**62 - 1) * 2 + 1, -2**62 * 2])))
