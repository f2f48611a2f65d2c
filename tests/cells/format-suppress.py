import numpy as np
np.set_printoptions(suppress=True)
print(repr(np.array([1e-10, 1.0, 2.5])))
print(repr(np.array([-1e-10, 1.0])))
print(repr(np.array([1e-10, 1.0, 1e9])))
np.set_printoptions(suppress=False)
print(repr(np.array([1e-10, 1.0, 2.5])))
