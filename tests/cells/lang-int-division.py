import numpy as np
print(6 / 3, type(6 / 3).__name__)
print(10 // 3, type(10 // 3).__name__)
print(10.0 // 3, type(10.0 // 3).__name__)
print(-1 // 10, -1 % 10)
print(1 / 2 == 0.5, 3 // 2 == 1)
print(int(7 / 2), round(7 / 2))
print(5 // 0.5, 5 % 0.5)
