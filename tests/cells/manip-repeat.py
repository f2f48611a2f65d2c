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

print(np.repeat(3, 4))
x = np.array([[1, 2], [3, 4]])
print(np.repeat(x, 2))
print(np.repeat(x, 3, axis=1))
print(np.repeat(x, [1, 2], axis=0))
print(x.repeat(2, axis=0))
print(np.arange(3).repeat([0, 1, 3]))
show(lambda: np.repeat(x, [1, 2]))
show(lambda: np.repeat(x, -1))
