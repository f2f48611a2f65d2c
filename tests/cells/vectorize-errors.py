# np.vectorize's errors: size-0 inputs without otypes, bad otypes, signatures that don't fit
# cells: skip-gpu NumPy's vectorize (CuPy's compiles the function)
import numpy as np
for bad in ['x', 3]:
    try:
        np.vectorize(abs, otypes=bad)
    except ValueError as e:
        print('ValueError', e)
try:
    np.vectorize(lambda a, b: a + b, signature='(n),(n)->()')(np.arange(3), np.arange(4))
except ValueError as e:
    print('ValueError', e)
try:
    np.vectorize(lambda a: (a, a), signature='(n)->()')(np.arange(3))
except ValueError as e:
    print('ValueError', e)
try:
    np.vectorize(lambda a: a, signature='(n)->()')(5)
except ValueError as e:
    print('ValueError:', str(e)[:14])
f = np.vectorize(lambda x, *, scale=1: x * scale, excluded={'scale'})
print(repr(f([1, 2], scale=3)))
g = np.vectorize(lambda x, y=10: x + y)
print(repr(g([1, 2])), repr(g([1, 2], y=[100, 200])))
print(repr(np.vectorize(lambda: 7)()))
print(repr(np.vectorize(complex)([1, 2])))
print(repr(np.vectorize(lambda x: x / 2, otypes='f')(np.arange(3))))
