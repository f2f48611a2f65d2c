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

a = np.array([4, 3, 5, 7, 6, 8])
print(np.take(a, [0, 1, 4]))
print(np.take(a, [[0, 1], [2, 3]]))
m = np.arange(12).reshape(3, 4)
print(np.take(m, [0, 2], axis=1))
print(np.take(m, [2, 0], axis=0))
print(np.take(m, 5))
print(np.take(a, [-1, 10], mode='wrap'))
print(np.take(a, [-1, 10], mode='clip'))
show(lambda: np.take(a, [7]))
print(np.take(m, [[1]], axis=1).shape)
