import numpy as np
print(np.fromfunction(lambda i, j: i + j, (2, 3)))
print(np.fromfunction(lambda i, j: i * 10 + j, (3, 2), dtype=int))
print(np.fromfunction(lambda i: i ** 2, (4,)), np.fromfunction(lambda i, j: i == j, (2, 2)))
