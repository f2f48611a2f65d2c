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

a = np.arange(6)
show(lambda: a[1.0])
show(lambda: a['x'])
show(lambda: a[[1.5, 2]])
show(lambda: a[np.array([1.0, 2.0])])
show(lambda: a[1.5:3])
show(lambda: a[::0])
