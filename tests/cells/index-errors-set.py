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

a = np.arange(6).reshape(2, 3)
def f1():
    a[2] = 1
show(f1)
def f2():
    a[0, 0, 0] = 1
show(f2)
def f3():
    a[:, 0] = [1, 2, 3]
show(f3)
def f4():
    a['x'] = 1
show(f4)
def f5():
    a[[0, 5]] = 1
show(f5)
print(a)
