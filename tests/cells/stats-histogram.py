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

print(np.histogram([1, 2, 1], bins=[0, 1, 2, 3]))
print(np.histogram(np.arange(4), bins=np.arange(5), density=True))
print(np.histogram([[1, 2, 1], [1, 0, 1]], bins=[0, 1, 2, 3]))
a = np.arange(5)
hist, bin_edges = np.histogram(a, density=True)
print(hist)
print(hist.sum())
print(np.sum(hist * np.diff(bin_edges)))
print(np.histogram(np.array([1.5, 2.5, 2.7, 9.9]), bins=3))
print(np.histogram(np.array([1.5, 2.5, 2.7, 9.9]), bins=4, range=(0, 8)))
print(np.histogram([], bins=3))
print(np.histogram([5, 5, 5]))
show(lambda: np.histogram([1, 2], bins=0))
show(lambda: np.histogram([1, 2, 3], bins=[3, 1]))
