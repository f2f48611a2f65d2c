import numpy as np
print(repr(np.array([0, 255], dtype=np.uint8)))
print(repr(np.array([65535, 1], dtype=np.uint16)))
print(repr(np.array([4294967295, 0], dtype=np.uint32)))
print(repr(np.array([-1, 0, 1]).astype(np.uint64)))
print(np.array([10, 200], dtype=np.uint8))
