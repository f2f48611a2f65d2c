import numpy as np
print(len('hello'), len(''), len([1, 2, 3]), len(()), len((1,)))
print(len({'a': 1, 'b': 2}), len(range(5)), len([[1, 2], [3]]))
print(len('héllo'), len('a\nb'))
try:
    len(5)
except TypeError as e:
    print('TypeError:', e)
