import numpy as np
def show(**kwargs):
    for k, v in kwargs.items():
        print(k, '=', v)
    return len(kwargs)
print(show(a=1, b='two', c=[3]))
print(show())
def f(a, b=2, *args, **kw):
    return a, b, args, kw
print(f(1))
print(f(1, 3, 5, 7, x=9))
print(f(a=0, z=1))
