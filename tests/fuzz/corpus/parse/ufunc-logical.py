import numpy as np
a = np.array([0, 1, 2, 0])
b = np.array([True, True, False, False])
print(np.logical_and(a, b), np.logical_or(a, b), np.logical_xor(a, b), np.logical_not(a))
print(np.logical_and(0.5, [0.0, 1.0]), np.logical_not(np.array([np.nan, 0.0])))
print(b & True, b | False, b ^ b, ~b)
