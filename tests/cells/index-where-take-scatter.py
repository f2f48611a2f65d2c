# np.where(c, x, y) on host operands (broadcast scalars, dtypes, layouts),
# take / put with negative indices and modes (the caller's index array is
# left as it was), and fancy assignment straight from broadcast values.
import numpy as np
x = np.arange(12.).reshape(3, 4)
m = x % 3 == 0
print(np.where(m, x, -x), np.where(m, x, 0), np.where(m, 1, 0), np.where(m, 1.5, 2), np.where(m, x.T.T, 7j))
print(np.where(x > 4, x, np.float32(0)).dtype, np.where(m, np.float32(1), 0.5).dtype, np.where([True, False], [1, 2], [3, 4]))
print(np.where(True, 1, 2), np.where(np.array(False), x, 1), np.where(x[0] > 1, x, x[:, :1]))
print(np.where(m.T, x.T, x.T * 10), np.where(m.T, x.T, 0).shape, np.where(m, x, 0).flags.c_contiguous)
print(np.where(x, 1, 0), np.where(np.array([np.nan, 0.0, -0.0]), 'a' == 'a', False), np.where(m[:, ::2], x[:, ::2], x[:, 1::2]))
for dt in (np.int8, np.int16, np.int32, np.int64, np.float16, np.complex128, np.bool_, np.uint64):
    a = np.arange(6).astype(dt)
    print(np.where(a > 2 if dt != np.complex128 else a.real > 2, a, a[::-1]), np.where(a.reshape(2, 3) == 0, a.reshape(2, 3), 9).dtype)
print(np.where(np.zeros((0, 3), bool), 1, 2).shape, np.where(np.ones((2, 1, 3), bool), np.zeros((4, 1)), 5).shape)
try:
    np.where(m, x)
except ValueError as e:
    print("ValueError", e)
try:
    np.where(m, x, np.ones(3))
except ValueError as e:
    print("ValueError", e)
x = np.arange(10.)
i = np.array([-1, 3, -10])
print(np.take(x, i), i)
print(np.take(x, np.array([12, -13]), mode='wrap'), np.take(x, np.array([12, -13]), mode='clip'))
j = np.array([-1, 0])
np.put(x, j, [5, 6])
print(x, j)
x = np.zeros(10)
x[np.array([1, 3, 3, -1])] = 5.0
print(x)
x[np.array([1, 3, 3, 0])] = np.array([1., 2., 3., 4.])
print(x)
x[[2, 2]] = [7, 8]
print(x)
a = np.zeros((4, 5), np.float32)
a[[0, 2]] = np.arange(5)
print(a)
a[:, [1, 3, 1]] = np.array([[1], [2], [3], [4]])
print(a)
a[[1, 2], [0, 4]] = 9
print(a)
a[np.array([[0, 1], [2, 3]])] = 0.5
print(a)
a[1:3, [0, 2]] = np.arange(4.).reshape(2, 2).T
print(a)
b = np.arange(12).reshape(3, 4)
b[[0, 2], :] = b[[2, 0], :]
print(b)
b[[1], ::2] = b[0, 1::2]
print(b)
c = np.arange(6.)
c[[0, 1, 2]] = c[::-2]
print(c)
d = np.zeros((2, 3, 4), np.int16)
d[:, [0, 2], 1:3] = np.int16(3)
d[1, [1], :] = np.arange(4)
print(d)
e = np.zeros(5, np.complex64)
e[[4, 0]] = 1 + 2j
print(e)
f = np.zeros(6, bool)
f[[1, 4]] = True
print(f)
try:
    x[[1, 2]] = [1, 2, 3]
except ValueError as err:
    print("ValueError", err)
try:
    x[[11]] = 1
except IndexError as err:
    print("IndexError", err)
