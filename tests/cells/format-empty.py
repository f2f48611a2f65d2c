import numpy as np
print(repr(np.array([])))
print(repr(np.zeros((2, 0))))
print(repr(np.zeros((0, 3), dtype=np.int64)))
print(repr(np.array([], dtype=np.int32)))
print(repr(np.zeros((2, 0, 3), dtype=np.float32)))
print(np.array([]))
print(np.zeros((3, 0)))
