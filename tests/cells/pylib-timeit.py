# timeit: timeit()/repeat()/Timer with number=, globals=, setup=, callables, autorange; CPython's
# defaults and messages (NumPy's std/var examples time with globals=g).
import timeit
import time
from timeit import timeit as ti, Timer, repeat, default_timer
import numpy as np
a = np.arange(12.0).reshape(3, 4)
g = globals()
t = ti("s = np.std(a, axis=1)", globals=g, number=10)
print(type(t).__name__, t >= 0, 's' in g)
print(ti(lambda: a.sum(), number=3) >= 0)
T = Timer("x = y * 2", setup="y = 21")
print(len(T.repeat(3, 5)), T.timeit(2) >= 0)
r = repeat("pass", repeat=2, number=4)
print(len(r), all(v >= 0 for v in r))
n, tt = Timer("pass").autorange()
print(n >= 1, tt >= 0.2)
print(timeit.default_number, timeit.default_repeat, default_timer is time.perf_counter)
for bad in (dict(stmt=3), dict(setup=4)):
    try:
        Timer(**bad)
    except ValueError as e:
        print(e)
try:
    ti("undefined_name + 1", number=1)
except NameError as e:
    print(e)
print(ti("for k in range(3):\n    z = k", number=2) >= 0)
