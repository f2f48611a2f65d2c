import numpy as np
for i, c in enumerate('abc'):
    print(i, c)
for i, c in enumerate(['x', 'y'], start=1):
    print(i, c)
print(list(enumerate([10, 20, 30])))
print(list(enumerate('hi', 5)))
print(dict(enumerate('ab')))
