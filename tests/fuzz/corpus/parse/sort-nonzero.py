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

x = np.array([[3, 0, 0], [0, 4, 0], [5, 6, 0]])
print(np.nonzero(x))
print(x[np.nonzero(x)])
print(np.transpose(np.nonzero(x)))
print(x.nonzero())
a = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(np.nonzero(a > 3))
print((a > 3).nonzero())
print(np.nonzero(np.array([0.0, -0.0, np.nan, 1e-300])))
show(lambda: np.nonzero(np.array(5)))
