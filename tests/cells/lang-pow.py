import numpy as np
print(pow(2, 10), pow(2, 10, 1000), pow(3, 4, 5))
print(pow(2.0, 3), pow(4, 0.5), pow(2, -2))
print(10 ** 18, 10 ** 3 * 10 ** 3)
print((-8) ** 2, -8 ** 2)
print(1.5 ** 2, 2 ** 0.0)
x = 3
x **= 3
print(x)
