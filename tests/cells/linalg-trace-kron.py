import numpy as np
print(repr(np.trace(np.arange(9).reshape(3, 3))))
print(repr(np.trace(np.arange(9.0).reshape(3, 3), offset=1)))
print(np.trace(np.ones((2, 3, 4))))
print(np.arange(16).reshape(4, 4).trace(-1))
print(np.kron(np.eye(2), np.ones((2, 2))))
print(np.kron([1, 10, 100], [5, 6, 7]))
print(np.kron(np.arange(4).reshape(2, 2), np.array([[1, -1], [-1, 1]])))
