import numpy as np
print([1, 2] + [3], [0] * 4, [1, 2] * 0)
print(2 in [1, 2, 3], 'x' not in ['a'], [1, [2]] == [1, [2]])
print([1, 2, 3] < [1, 2, 4], [2] > [1, 9], [] < [0])
m = [[1, 2], [3, 4]]
print(m[1][0], len(m), m[-1][-1])
m[0][1] = 20
print(m)
print(list('ab') + list(range(2)))
print(max([[1, 2], [1, 3]]))
