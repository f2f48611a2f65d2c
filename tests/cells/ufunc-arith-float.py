import numpy as np
x = np.array([-2.5, -1.0, 0.0, 0.5, 3.25])
y = np.array([1.5, -2.0, 4.0, 0.25, -8.0])
print(x + y, x - y, x * y, x / y)
print(x // y, x % y, np.fmod(x, y))
print(np.reciprocal(y), np.square(x), np.sqrt(np.abs(x)), np.cbrt(x))
print(x + 1, 2 - x, x * 0.5, 1 / y)
