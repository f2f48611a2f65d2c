import numpy as np
print([(i, j) for i in range(3) for j in range(i)])
m = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in m] for i in range(3)])
print([x for row in m for x in row])
print([x * y for x in [1, 2] for y in [10, 100] if x * y != 20])
print([[i * j for j in range(1, 4)] for i in range(1, 4)])
