import numpy as np
x = np.arange(6).reshape(2, 3)
print(np.argwhere(x > 1))
print(np.argwhere(np.array([0, 2, 0, 3])))
print(np.argwhere(np.array(5)).shape)
print(np.argwhere(np.array(0)).shape)
print(np.flatnonzero(np.arange(-2, 3)))
print(np.flatnonzero(x.T > 2))
print(np.argwhere(np.zeros((2, 2))).shape)
