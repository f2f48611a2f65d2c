# np.unstack, np.mask_indices, np.matvec/vecmat, np.piecewise, np.fromiter, np.getbufsize/setbufsize (restored by errstate)
import numpy as np
arr = np.arange(24).reshape((2, 3, 4))
print(np.unstack(arr))
print(np.unstack(arr, axis=1))
arr2 = np.stack(np.unstack(arr, axis=1), axis=1)
print(arr2.shape, repr(np.all(arr == arr2)), np.unstack(np.array([1, 2])))
try:
    np.unstack([1, 2])
except AttributeError as e:
    print("AttributeError", e)
try:
    np.unstack(np.float64(3))
except ValueError as e:
    print('ValueError', e)
iu = np.mask_indices(3, np.triu)
a = np.arange(9).reshape(3, 3)
print(iu, repr(a[iu]), repr(a[np.mask_indices(3, np.triu, 1)]), repr(a[np.mask_indices(3, np.tril, -1)]))
m = np.array([[0., 1., 0.], [-1., 0., 0.], [0., 0., 1.]])
v = np.array([[1., 0., 0.], [0., 1., 0.], [0., 0., 1.], [0., 6., 8.]])
print(repr(np.matvec(m, v)), repr(np.matvec(m, [1., 2., 3.])))
print(repr(np.vecmat(v, m)), repr(np.vecmat(np.array([1j, 2]), np.array([[1, 2], [3, 4]]))))
x = np.linspace(-2.5, 2.5, 6)
print(repr(np.piecewise(x, [x < 0, x >= 0], [-1, 1])))
print(repr(np.piecewise(x, [x < 0, x >= 0], [lambda x: -x, lambda x: x])))
y = -2
print(repr(np.piecewise(y, [y < 0, y >= 0], [lambda x: -x, lambda x: x])))
print(repr(np.piecewise(3, [True], [lambda x: x * 2])), repr(np.piecewise(np.array([1., 2]), [np.array([True, False])], [5])))
print(repr(np.piecewise(x, [x < -1, x > 1], [lambda t, k: t * k, 0, 7], 10)))
print(repr(np.piecewise(x, x > 0, [lambda t, s=1: t + s, -5], s=100)))
try:
    np.piecewise(np.array([1, 2]), [[True, False], [False, True]], [1])
except ValueError as e:
    print('ValueError', e)
print(repr(np.fromiter((x * x for x in range(5)), float)))
print(repr(np.fromiter(iter([1, 2, 3, 4]), 'i4', 2)), repr(np.fromiter(range(3), np.int16, count=-1)), repr(np.fromiter([], float)))
for bad in [lambda: np.fromiter(range(3), float, count=5), lambda: np.fromiter([[1, 2]], int)]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__)
print(np.getbufsize())
with np.errstate():
    print(np.setbufsize(4096))
    print(np.getbufsize())
print(np.getbufsize())
try:
    np.setbufsize(-1)
except ValueError as e:
    print('ValueError', e)
