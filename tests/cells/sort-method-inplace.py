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

a = np.array([[1, 4], [3, 1]])
a.sort(axis=1)
print(a)
a.sort(axis=0)
print(a)
b = np.array([5, 2, 8, 1])
r = b.sort()
print(r, b)
v = np.arange(10)[::-1]
v[2:7].sort()
print(v)
c = np.array([3, 1, 2])
print(c.argsort())
show(lambda: np.sort(np.array([1, 2]), kind='bogus'))
