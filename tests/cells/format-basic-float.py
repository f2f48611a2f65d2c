import numpy as np
a = np.array([1.0, 2.5, -3.25, 0.1])
print(a)
print(repr(a))
print(repr(np.array([1.0, 2.0, 3.0])))
print(repr(np.array([0.5, 1.0])))
print(repr(np.array([1/3, 2/3, 1.0])))
print(np.array([np.pi, np.e]))
