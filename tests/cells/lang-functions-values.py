import numpy as np
def apply(f, xs):
    return [f(x) for x in xs]
def double(x):
    return 2 * x
print(apply(double, [1, 2, 3]), apply(str, [1, 2]), apply(abs, [-1, 2]))
funcs = [len, sum, max]
for fn in funcs:
    print(fn.__name__, fn([3, 1, 2]))
table = {'d': double}
print(table['d'](21))
print(callable(double), callable(3), callable(print))
