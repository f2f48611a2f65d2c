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

a = np.array([[1, 2], [3, 4]])
b = np.array([[5, 6]])
print(np.concatenate((a, b), axis=0))
print(np.concatenate((a, b.T), axis=1))
print(np.concatenate((a, b), axis=None))
print(np.concatenate([np.arange(3), np.arange(2.5)]))
print(np.concatenate([[1, 2], [3]]))
print(np.concatenate([a, a], axis=-1))
print(np.concatenate([np.zeros(2, dtype=np.int8), np.ones(2, dtype=np.uint8)]).dtype)
show(lambda: np.concatenate([a, np.arange(3)]))
show(lambda: np.concatenate([a, np.ones((2, 3))], axis=0))
show(lambda: np.concatenate([np.array(1)]))
show(lambda: np.concatenate([]))
