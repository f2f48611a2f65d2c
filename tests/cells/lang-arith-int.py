import numpy as np
print(7 + 3, 7 - 3, 7 * 3, 7 / 2)
print(7 // 2, -7 // 2, 7 // -2, -7 // -2)
print(7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, -2 ** 2)
print(2 ** -1, 10 ** -2)
print(divmod(17, 5), divmod(-17, 5))
print(1 + 2 * 3 - 4 // 2, (1 + 2) * 3)
print(2 ** 3 ** 2)
