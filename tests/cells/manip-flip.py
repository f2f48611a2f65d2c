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

a = np.arange(8).reshape(2, 2, 2)
print(np.flip(a, 0))
print(np.flip(a, 1))
print(np.flip(a))
print(np.flip(a, (0, 2)))
m = np.arange(6).reshape(2, 3)
print(np.fliplr(m))
print(np.flipud(m))
print(np.flipud(np.arange(4)))
show(lambda: np.fliplr(np.arange(3)))
f = np.flip(m)
f[0, 0] = 99
print(m)
