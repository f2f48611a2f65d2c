import numpy as np
b = np.array([True, False, True])
print(b)
print(repr(b))
print(repr(np.array([[True, False], [False, True]])))
print(repr(np.array(True)))
print(repr(np.array([], dtype=bool)))
print(repr(np.arange(6) > 2))
