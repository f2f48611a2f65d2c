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

arrays = [np.arange(3) + i for i in range(4)]
print(np.stack(arrays))
print(np.stack(arrays, axis=1))
print(np.stack(arrays, axis=-1).shape)
print(np.stack([np.array(1), np.array(2)]))
print(np.stack((np.zeros((2, 2)), np.ones((2, 2))), axis=2).shape)
show(lambda: np.stack([np.arange(3), np.arange(2)]))
show(lambda: np.stack([]))
