import numpy as np
x = 10
del x
try:
    print(x)
except NameError as e:
    print('NameError:', e)
d = {'a': 1, 'b': 2}
del d['a']
print(d)
l = [0, 1, 2, 3]
del l[1]
print(l)
a, b = 1, 2
del a, b
print('deleted a and b')
