import numpy as np
x = np.linspace(0, 1, 3)
y = np.linspace(0, 2, 3)
X, Y = np.meshgrid(x, y)
print(X)
print(Y)
Z = X ** 2 + Y
print(Z, Z.max())
