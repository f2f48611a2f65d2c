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

a = np.arange(12).reshape(3, 4)
show(lambda: a[3])
show(lambda: a[-4])
show(lambda: a[0, 4])
show(lambda: a[1, -5])
show(lambda: a[[0, 3]])
show(lambda: a[:, [4]])
show(lambda: a[:, [-5, 0]])
show(lambda: np.arange(3)[5])
