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

a = np.array([[1, 2], [3, 4], [5, 6]])
print(np.compress([0, 1], a, axis=0))
print(np.compress([False, True, True], a, axis=0))
print(np.compress([False, True], a, axis=1))
print(np.compress([False, True], a))
arr = np.arange(12).reshape((3, 4))
condition = np.mod(arr, 3) == 0
print(np.extract(condition, arr))
show(lambda: np.compress([0, 1, 1, 1], a, axis=0))
