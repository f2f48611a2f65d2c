import numpy as np
a = [1, 2, 3]
b = a
b.append(4)
print(a, a is b, a == b)
c = a[:]
c.append(5)
print(a, c, a is c)
grid = [[0] * 2] * 2
grid[0][0] = 1
print(grid)
grid2 = [[0] * 2 for _ in range(2)]
grid2[0][0] = 1
print(grid2)
def mutate(lst):
    lst.append('m')
mutate(a)
print(a)
