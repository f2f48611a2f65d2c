import numpy as np
for i in range(5):
    print(i, end=' ')
print()
print(list(range(2, 10, 3)), list(range(10, 0, -2)), list(range(-3)), list(range(0)))
print(list(range(-5, 5, 4)), list(range(3, -3, -1)))
total = 0
for i in range(1, 101):
    total += i
print(total)
for i in range(3): print('i =', i)
