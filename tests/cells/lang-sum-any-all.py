import numpy as np
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([0.1] * 10), sum([]))
print(sum([1.5, 2, 3]), sum(range(101)), sum([True, True, False]))
print(any([0, 0, 1]), any([]), all([1, 2, 0]), all([]))
print(any([x > 2 for x in [1, 2, 3]]))
print(all([v % 2 == 0 for v in [2, 4, 6]]))
