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

print(np.bincount(np.arange(5)))
x = np.array([0, 1, 1, 3, 2, 1, 7])
print(np.bincount(x))
print(np.bincount(x, minlength=10))
w = np.array([0.3, 0.5, 0.2, 0.7, 1., -0.6, 0.5])
print(np.bincount(x, weights=w))
print(np.bincount(np.array([], dtype=int)))
show(lambda: np.bincount([-1, 2]))
show(lambda: np.bincount([1, 2], minlength=-1))
show(lambda: np.bincount([1, 2], weights=[1, 2, 3]))
