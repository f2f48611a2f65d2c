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

a = np.arange(3)
show(lambda: a[0, 0])
show(lambda: a[:, :])
b = np.zeros((2, 3))
show(lambda: b[0, 0, 0])
show(lambda: b[..., 0, 0, 0])
show(lambda: b[..., ...])
show(lambda: np.array(3)[0])
