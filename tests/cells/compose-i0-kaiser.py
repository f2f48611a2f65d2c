# np.i0 (NumPy's Chebyshev expansions, float32 kept), np.kaiser, np.apply_over_axes
import numpy as np
print(repr(np.i0(0.)), repr(np.i0([0, 1, 2, 3])), repr(np.i0(np.array([-9.5, 8, 8.5, 30], dtype=np.float32))))
print(repr(np.i0(np.linspace(-20, 20, 9))))
try:
    np.i0(1j)
except TypeError as e:
    print('TypeError', e)
print(repr(np.kaiser(12, 14)))
print(repr(np.kaiser(1, 5)), repr(np.kaiser(5, 0)), repr(np.kaiser(0, 3)), repr(np.kaiser(4, 2.5)))
a = np.arange(24).reshape(2, 3, 4)
print(repr(np.apply_over_axes(np.sum, a, [0, 2])), repr(np.apply_over_axes(np.sum, a, -1)))
print(repr(np.apply_over_axes(lambda x, ax: np.cumsum(x, axis=ax), a, (1,))))
try:
    np.apply_over_axes(lambda x, ax: np.sum(x), a, [0])
except ValueError as e:
    print('ValueError', e)
