import numpy as np
t = (1, 'two', 3.0)
print(t, t[1], t[-1], t[:2], len(t))
s = (5,)
print(s, type(s).__name__, (5), ())
print((1, 2) + (3,), (0,) * 3, 2 in (1, 2))
print((1, 2, 2, 3).count(2), (1, 2, 3).index(3))
print((1, 2) < (1, 3), (2,) > (1, 99), (1, 2) == (1, 2))
a = ((1,) + (2, 3))[0]
print(a)
try:
    t[0] = 9
except TypeError as e:
    print('TypeError:', e)
print(tuple('abc'), tuple(range(3)), tuple([t]))
