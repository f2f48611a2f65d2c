import numpy as np
z = np.array(1.5)
z[()] = 7
print(z)
z[...] = -2
print(z)
y = np.zeros((2, 2))
y[1, 1] = np.array(9)
y[0] = np.array(3)
print(y)
