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

a = np.arange(5)
np.put(a, [0, 2], [-44, -55])
print(a)
np.put(a, [1, 3, 4], 9)
print(a)
np.put(a, 22, -5, mode='clip')
print(a)
np.put(a, [-1], 100)
print(a)
m = np.zeros((2, 3), dtype=int)
np.put(m, [1, 5], [7, 8])
print(m)
show(lambda: np.put(a, [10], 1))
