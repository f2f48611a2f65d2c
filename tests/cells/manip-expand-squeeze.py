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

a = np.array([1, 2])
print(np.expand_dims(a, 0).shape)
print(np.expand_dims(a, 1).shape)
print(np.expand_dims(a, (0, 2)).shape)
print(np.expand_dims(a, -1))
b = np.zeros((1, 3, 1))
print(np.squeeze(b).shape)
print(np.squeeze(b, axis=0).shape)
print(b.squeeze(2).shape)
print(np.squeeze(np.array([[5]])))
show(lambda: np.squeeze(b, axis=1))
show(lambda: np.expand_dims(a, 3))
show(lambda: np.expand_dims(a, (0, 0)))
