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

a = np.arange(3)
b = np.broadcast_to(a, (2, 3))
print(b)
print(b.shape)
x, y = np.broadcast_arrays(np.arange(3), np.arange(2)[:, None])
print(x)
print(y)
r = np.broadcast_arrays(np.array(1), np.zeros((2, 2)))
print(r[0].shape, r[1].shape)
show(lambda: np.broadcast_to(a, (4,)))
show(lambda: np.broadcast_to(np.zeros((2, 3)), (3,)))
