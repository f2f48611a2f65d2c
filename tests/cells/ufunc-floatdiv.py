import numpy as np
x = np.array([7.5, -7.5, 7.5, -7.5, 0.0, -0.0])
y = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 3.0])
print(x // y, x % y, np.fmod(x, y))
print(np.divmod(x, y))
print(np.array([1.0, -1.0, 0.0]) / 0.0)
print(np.array([1.0, -1.0]) // 0.0, np.array([1.0, -1.0]) % 0.0)
print(np.float64(-0.5) // 1, np.float64(5) % -3, np.remainder(-1e-20, 1.0))
