import numpy as np
a = np.arange(3.0)
m = np.arange(9.0).reshape(3, 3)
print(a @ a)
print(repr(a @ a))
print(m @ a)
print(a @ m)
print(np.matmul([1, 2], [[1, 0], [0, 1]]))
