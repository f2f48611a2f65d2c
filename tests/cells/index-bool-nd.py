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

a = np.arange(24).reshape(2, 3, 4)
mask = np.array([[True, False, True], [False, True, False]])
print(a[mask])
print(a[mask].shape)
print(a[mask, 1:3])
print(a[:, np.array([True, False, True])])
show(lambda: a[np.array([True, False])][0] if False else a[np.array([True, False, True])])
show(lambda: a[:, [True, False]])
show(lambda: np.arange(3)[np.array([True, False])])
