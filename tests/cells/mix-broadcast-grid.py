import numpy as np
x = np.arange(4)
y = np.arange(3)[:, None]
grid = x + 10 * y
print(grid)
print(grid.shape)
mul = np.arange(1, 6)[:, None] * np.arange(1, 6)
print(mul)
