import numpy as np
print(repr(np.vdot([1 + 2j, 3], [2, 1j])))
print(np.vdot(np.arange(4.0).reshape(2, 2), np.ones((2, 2))))
print(np.inner([1, 2, 3], [0, 1, 0]))
print(np.inner(np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(4, 3)))
print(np.outer([1, 2], [3, 4, 5]))
print(np.outer(np.arange(2.0), np.arange(3.0)).dtype)
