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

x = np.arange(9.0)
print(np.split(x, 3))
print(np.split(x, [3, 5, 6, 10]))
print(np.array_split(np.arange(8), 3))
print(np.array_split(np.arange(7), 5))
m = np.arange(16).reshape(4, 4)
top, bottom = np.split(m, 2)
print(top)
print(bottom)
for part in np.split(m, [1, 3], axis=1):
    print(part.shape)
show(lambda: np.split(np.arange(5), 2))
