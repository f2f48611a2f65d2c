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

a = np.arange(8)
a[[0, 2, 4]] = [-1, -2, -3]
print(a)
a[[1, 1, 1]] = [5, 6, 7]
print(a)
a[np.array([[0, 7]])] = 99
print(a)
m = np.zeros((3, 3), dtype=int)
m[[0, 1, 2], [2, 1, 0]] = 1
print(m)
m[[0, 2]] = [[4, 4, 4], [5, 5, 5]]
print(m)
m[1:, [0, 2]] = 8
print(m)
def f():
    a[[0, 1]] = [1, 2, 3]
show(f)
