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

a = np.arange(24).reshape(2, 3, 4)
print(a.T.shape)
print(np.transpose(a).shape)
print(np.transpose(a, (1, 0, 2)).shape)
print(a.transpose(2, 0, 1).shape)
print(a.transpose((0, 2, 1))[1])
print(np.arange(4).T)
m = np.arange(6).reshape(2, 3)
print(m.T)
print(m.transpose())
show(lambda: a.transpose(1, 0))
show(lambda: a.transpose(0, 0, 1))
