import numpy as np
print(repr(np.array([1e-5, 1.0])))
print(repr(np.array([1e8, 1.0])))
print(repr(np.array([99999999.0, 1.0])))
print(repr(np.array([1.0, 1000.0])))
print(repr(np.array([1.0, 1000.5])))
print(repr(np.array([1e-100, 1.5, 1e100])))
print(np.array([0.0, 1e-5]))
