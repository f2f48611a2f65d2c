# binary_repr/base_repr, cumulative_sum/prod, set routines, splits, windows, sinc, array-API spellings
import numpy as np
print(np.binary_repr(3), np.binary_repr(-3), np.binary_repr(3, width=4), np.binary_repr(-3, width=3),
      np.binary_repr(-3, width=5), np.binary_repr(0), np.binary_repr(0, 4), np.binary_repr(-128, 8))
print(np.base_repr(5), np.base_repr(6, 5), np.base_repr(7, base=5, padding=3), np.base_repr(10, 16),
      np.base_repr(32, 16), np.base_repr(-35, 36), np.base_repr(0))
try:
    np.base_repr(5, 40)
except ValueError as e:
    print('ValueError', e)
a = np.array([[1, 2, 3], [4, 5, 6]])
print(np.cumulative_sum(np.array([1, 2, 3])), np.cumulative_sum(a, axis=0), np.cumulative_sum(a, axis=1, dtype=float))
print(np.cumulative_sum(np.array([1, 2, 3]), include_initial=True), np.cumulative_prod(a, axis=1, include_initial=True))
try:
    np.cumulative_sum(a)
except ValueError as e:
    print('ValueError', e)
print(np.union1d([-1, 0, 1], [-2, 0, 2]), np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]))
print(np.setdiff1d(np.array([1, 2, 3, 2, 4, 1]), np.array([3, 4, 5, 6])), np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]))
print(np.intersect1d([1.5, 2.5], [3.0]), np.setxor1d([], []), np.ediff1d([1, 2, 4, 7, 0]),
      np.ediff1d([1, 2, 4, 7, 0], to_begin=-99, to_end=np.array([88, 99])), np.ediff1d([[1, 2, 4], [1, 6, 24]]))
x = np.arange(16.0).reshape(4, 4)
print(np.hsplit(x, 2), np.vsplit(x, [3, 6]), np.hsplit(np.arange(6), 3))
print([s.shape for s in np.dsplit(np.arange(16.0).reshape(2, 2, 4), 2)])
try:
    np.vsplit(np.arange(4), 2)
except ValueError as e:
    print('ValueError', e)
print(np.hanning(5), np.hamming(6), np.blackman(5), np.bartlett(5), np.hanning(1), np.bartlett(0))
print(np.sinc(np.linspace(-2, 2, 5)), np.sinc(0.5))
print(np.rollaxis(np.ones((3, 4, 5, 6)), 3, 1).shape, np.rollaxis(np.ones((3, 4, 5, 6)), 2).shape,
      np.rollaxis(np.ones((3, 4, 5, 6)), 1, 4).shape, np.rollaxis(np.ones((3, 4)), 1, 1).shape)
print(np.permute_dims(np.ones((2, 3, 4)), (2, 0, 1)).shape, np.matrix_transpose(np.arange(6).reshape(1, 2, 3)))
print(np.astype(np.array([1, 2, 3]), np.float32), np.iterable([1, 2]), np.iterable(2), np.iterable(np.array(1)))
f = np.array([[1, 2, 3], [4, 5, 6]], order='F')
print(np.isfortran(f), np.isfortran(f.T), np.isfortran(np.zeros((2, 2))), f.strides, np.array(f, order='C').strides)
print(np.histogram_bin_edges([1, 2, 3, 4, 10], bins=4), np.histogram_bin_edges(np.arange(5.0), bins=2, range=(0, 8)))
b = np.array([3, 4, 2, 1])
b.partition(3)
print(b, b.argpartition(1), b.take([0, 2]), np.arange(5).compress([0, 1, 1]))
c = np.arange(5)
c.put([0, 2], [-44, -55])
print(c, np.array([2, 0, 1]).choose([[1, 2, 3], [10, 20, 30], [100, 200, 300]]))
print(np.binary_repr(-1, 4), np.binary_repr(-4, 3), np.binary_repr(-5), np.binary_repr(-2**62, 64))
for n, w in ((5, 2), (-5, 3)):
    try:
        np.binary_repr(n, w)
    except ValueError as e:
        print('ValueError', e)
