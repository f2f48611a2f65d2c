import numpy as np
def show(f):
    try:
        r = f()
        print(repr(r))
    except IndexError as e:
        print('IndexError:', e)
    except ValueError as e:
        print('ValueError:', e)
    except TypeError as e:
        print('TypeError:', e)

a = np.arange(10)
a[a > 6] = 0
print(a)
a[a % 2 == 1] = -a[a % 2 == 1]
print(a)
m = np.arange(12, dtype=float).reshape(3, 4)
m[m > 5] = np.nan
print(m)
m[np.isnan(m)] = [1, 2, 3, 4, 5, 6]
print(m)
def f():
    m[m > 0] = [1, 2]
show(f)
def g():
    m[m > 0] = np.ones((2, 3))
show(g)
def h():
    m[np.array([True, False])] = 1
show(h)
