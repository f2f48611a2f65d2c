import numpy as np
print(1 + 2.0, 3 * 0.5, 2 * 3j, 1 + 1j + 1.5, True + True, True * 2.5)
print(type(1 + 2.0).__name__, type(True + 1).__name__, type(1j * 1).__name__)
print(7 == 7.0, 1 == 1 + 0j, 0.5 == 1 / 2)
print(10 / 4, 10 // 4.0, 2 ** 0.5 * 2 ** 0.5)
print(int(2.0) + 1, float(3) / 2)
