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
i = np.array([[0, 1], [1, 0]])
j = np.array([2, 0])
print(a[i, j])
print(a[i, j].shape)
print(a[0, i, j])
print(a[:, i, j].shape)
print(a[i, :, j].shape)
show(lambda: a[[0, 1], [0, 1, 2]])
show(lambda: a[[[0, 1]], [[0], [1]], [0, 1, 2]])
