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

x = np.zeros((3, 4, 5))
print(np.moveaxis(x, 0, -1).shape)
print(np.moveaxis(x, -1, 0).shape)
print(np.moveaxis(x, [0, 1], [-1, -2]).shape)
print(np.swapaxes(x, 0, 2).shape)
print(x.swapaxes(1, 2).shape)
a = np.arange(6).reshape(2, 3)
print(np.swapaxes(a, 0, 1))
print(np.moveaxis(a, 0, 1))
show(lambda: np.moveaxis(x, 3, 0))
show(lambda: np.moveaxis(x, [0, 1], [0]))
show(lambda: np.swapaxes(a, 0, 2))
