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

a = np.arange(12)
print(a.reshape(3, 4))
print(a.reshape((2, -1)))
print(np.reshape(a, (2, 2, 3)))
print(a.reshape(-1, 6).shape)
print(a.reshape(3, 4, order='F'))
print(np.reshape(a, (4, 3), order='F'))
print(a.reshape(12, 1).shape)
show(lambda: a.reshape(5, 3))
show(lambda: a.reshape(-1, -1))
show(lambda: a.reshape(-1, 5))
