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

choices = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23], [30, 31, 32, 33]]
print(np.choose([2, 3, 1, 0], choices))
print(np.choose([2, 4, 1, 0], choices, mode='clip'))
print(np.choose([2, 4, 1, 0], choices, mode='wrap'))
show(lambda: np.choose([2, 4, 1, 0], choices))
x = np.arange(6)
print(np.select([x < 3, x > 3], [x, x ** 2]))
print(np.select([x < 3, x > 3], [x, x ** 2], default=-1))
print(np.select([x < 2, x < 4], [x, x * 1.5], 42))
