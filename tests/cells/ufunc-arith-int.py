import numpy as np
a = np.array([-7, -1, 0, 3, 10])
b = np.array([2, 3, -4, 5, 7])
print(a + b, a - b, a * b)
print(a / b)
print(a // b, a % b)
print(np.fmod(a, b), np.remainder(a, b))
print(-a, +a, abs(a), np.negative(a), np.positive(a), np.absolute(a))
print(np.sign(a), np.square(a))
