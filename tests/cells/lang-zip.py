import numpy as np
print(list(zip([1, 2, 3], 'abc')))
print(list(zip([1, 2, 3, 4], [5, 6])))
print(list(zip('ab', 'cd', 'ef')))
print(list(zip()))
print(dict(zip(['a', 'b'], [1, 2])))
names = ['x', 'y', 'z']
vals = [0.5, 1.5, 2.5]
for n, v in zip(names, vals):
    print(n, v)
a, b = zip(*[(1, 'a'), (2, 'b')])
print(a, b)
