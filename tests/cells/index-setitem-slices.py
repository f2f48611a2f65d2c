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
a[2:5] = [20, 30, 40]
print(a)
a[::3] = 0
print(a)
a[::-1] = np.arange(10)
print(a)
m = np.zeros((3, 4), dtype=int)
m[1:, 1:3] = [[1, 2], [3, 4]]
print(m)
m[:] = [9, 8, 7, 6]
print(m)
m[:, :2] = np.array([[5], [6], [7]])
print(m)
def f():
    a[0:3] = [1, 2]
show(f)
def g():
    m[0:2] = np.ones((2, 1, 3))
show(g)
