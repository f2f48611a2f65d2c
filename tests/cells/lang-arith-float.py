import numpy as np
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2)
print(7.0 / 2, 1.0 / 3.0)
print(2.0 ** 0.5, 9 ** 0.5, 2 ** 0.5)
print(0.1 * 3, 0.1 + 0.7)
print(1e308 * 10, -1e308 * 10)
print(divmod(7.5, 2), divmod(-7.5, 2))
print(3 * 1.5, 3 + 0.5, 10 - 0.25)
