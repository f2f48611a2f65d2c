import numpy as np
def f(a, b, c=0, d=0):
    return a + 10 * b + 100 * c + 1000 * d
args = [1, 2]
kw = {'c': 3, 'd': 4}
print(f(*args), f(*args, **kw), f(1, *[2, 3]), f(**{'a': 1, 'b': 1}))
print(f(1, *(2,), d=5, **{'c': 6}))
print(max(*[4, 9, 2]))
print(*range(3), sep=':')
try:
    f(1, 2, **{'a': 3})
except TypeError as e:
    print('TypeError:', e)
