import numpy as np
print(np.power(2, np.arange(6)), np.arange(5) ** 2, 3 ** np.arange(4))
print(np.array([2.0, 4.0, 9.0]) ** 0.5, np.array([-0.0, 4.0]) ** 0.5, np.array([2.0, 0.5]) ** -1)
print(np.array([2, 3], dtype=np.int8) ** 7, np.array([0, 1]) ** 0)
print(np.float_power(2, [3, -1]), np.power(np.array([1.5], np.float32), 2).dtype)
try:
    np.arange(3) ** -1
except ValueError as e:
    print('ValueError:', e)
try:
    np.power(2, -2)
except ValueError as e:
    print('ValueError:', e)
print(np.power(2.0, -2), np.array([1 + 1j]) ** 2, np.array([1 + 2j]) ** 3)
