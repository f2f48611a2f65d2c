import numpy as np
print(2 ** 64, 2 ** 100)
f = 1
for i in range(1, 31):
    f *= i
print(f)
print(10 ** 20 // 7, 10 ** 20 % 7)
print(-(2 ** 70) % 3, (2 ** 63) - 1, -(2 ** 63))
print(9223372036854775807 + 1)
print(len(str(2 ** 200)))
