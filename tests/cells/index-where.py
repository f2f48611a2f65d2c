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

a = np.arange(10)
print(np.where(a < 5, a, 10 * a))
print(np.where(a > 5, 1.5, -a))
print(np.where([[True, False], [True, True]], [[1, 2], [3, 4]], [[9, 8], [7, 6]]))
print(np.where(a % 2 == 0, a, np.nan))
print(np.where(a > 2))
print(np.where(np.arange(6).reshape(2, 3) > 2))
print(np.where(True, 1, 2))
x = np.arange(3, dtype=np.float32)
print(np.where(x > 0, x, 0).dtype)
print(np.where(x > 0, x, 0.5).dtype)
show(lambda: np.where(a > 2, a))
