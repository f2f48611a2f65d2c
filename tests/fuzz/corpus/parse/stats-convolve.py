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

print(np.convolve([1, 2, 3], [0, 1, 0.5]))
print(np.convolve([1, 2, 3], [0, 1, 0.5], 'same'))
print(np.convolve([1, 2, 3], [0, 1, 0.5], 'valid'))
print(np.convolve([1, 2], [0, 1, 0.5, 2]))
print(np.convolve([1, 2], [0, 1, 0.5, 2], 'same'))
print(np.convolve([1, 2], [0, 1, 0.5, 2], 'valid'))
print(np.convolve(np.arange(5), np.ones(3, dtype=int)))
print(np.convolve(np.array([1j, 2]), np.array([1, 1j])))
show(lambda: np.convolve([], [1]))
show(lambda: np.convolve([1, 2], [1], mode='bogus'))
