import numpy as np
h = np.array([0.1, 0.2, 0.3], dtype=np.float16)
print(h)
print(repr(h))
print(repr(np.array([1000.0, 1.0], dtype=np.float16)))
print(repr(np.array([65504.0], dtype=np.float16)))
print(repr(np.array([1 / 3, 2.5], dtype=np.float16)))
print(repr(np.float16(0.1)))
