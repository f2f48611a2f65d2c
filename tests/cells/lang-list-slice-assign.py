import numpy as np
a = list(range(8))
a[1:3] = ['a', 'b', 'c']
print(a)
a[::2] = [0] * 5
print(a)
del a[0]
print(a)
del a[::3]
print(a)
del a[-2:]
print(a)
a[:] = [9]
print(a)
a[1:1] = [7, 8]
print(a)
