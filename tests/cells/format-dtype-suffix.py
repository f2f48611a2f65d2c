import numpy as np
print(repr(np.arange(22, dtype=np.int32) * 100))
print(repr(np.arange(12, dtype=np.float32) / 7))
print(repr(np.arange(17, dtype=np.int32)))
print(repr(np.ones(3, dtype=np.complex64)))
print(repr(np.ones((2, 2), dtype=np.uint16)))
