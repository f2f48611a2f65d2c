import numpy as np
print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max((7, -7)))
print(min('apple', 'fig'), max('abc'), max([1, 2.5]))
print(min([3, -4, 2], key=abs), max(['aa', 'b', 'cccc'], key=len))
print(min([], default=0), max([], default='none'))
print(max([(1, 'b'), (1, 'c'), (0, 'z')]))
# the message changed in Python 3.12 ("min() iterable argument is empty"): the
# type only, so that 3.11 and 3.12+ references agree
try:
    min([])
except ValueError as e:
    print('ValueError')
try:
    max(iter(()))
except ValueError as e:
    print(type(e).__name__)
