import numpy as np
print(repr(np.array(5)))
print(repr(np.array(5.0)))
print(repr(np.array(2.5, dtype=np.float32)))
print(repr(np.array(1e8)))
print(repr(np.array(1 + 2j)))
print(np.array(5.0))
print(np.array(0.1, dtype=np.float32))
print(np.array(1e20))
