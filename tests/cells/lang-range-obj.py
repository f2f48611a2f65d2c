import numpy as np
r = range(0, 10, 3)
print(r, len(r), r[2], r[-1], list(r))
print(5 in range(10), 10 in range(10), 4 in range(0, 10, 2), 3 in range(0, 10, 2))
print(range(3), range(1, 5), range(1, 10, 2))
print(list(range(10))[::3], sum(range(5)), max(range(7)), min(range(3, 9)))
print(list(reversed(range(4))), len(range(10, 0, -3)))
