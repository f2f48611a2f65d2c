# eye / identity / tri built in place in every dtype and diagonal offset,
# triu / tril zeroing per row, and fills (ones, full, *_like, fill) of
# contiguous and strided destinations.
import numpy as np
for dt in (None, np.float32, np.int64, np.bool_, np.complex64, np.int8, np.uint16):
    print(np.eye(3, 4, dtype=dt), np.eye(4, 3, k=1, dtype=dt).sum(), np.identity(3, dtype=dt).dtype)
for k in (-5, -2, -1, 0, 1, 2, 5):
    print(k, np.eye(3, 5, k=k).sum(), np.tri(4, 3, k=k).sum(axis=1), np.tri(3, 5, k, dtype=int)[2])
    a = np.arange(1, 13).reshape(3, 4)
    print(np.triu(a, k), np.tril(a, k).sum(axis=0))
    print(np.triu(np.arange(2 * 3 * 3.).reshape(2, 3, 3), k)[1], np.tril(np.arange(4.), k))
print(np.eye(0), np.eye(2, 0), np.tri(0, 3).shape, np.triu(np.zeros((0, 3))), np.identity(1))
print(np.triu(np.arange(12.).reshape(3, 4).T), np.tril(np.ones((3, 3), bool)))
for dt in (np.float32, np.float64, np.int8, np.int16, np.int64, np.bool_, np.complex64, np.complex128, np.float16, np.uint32):
    a = np.ones((3, 5), dtype=dt)
    print(a.dtype, a.sum(), np.full((2, 3), 7, dtype=dt)[1], np.ones_like(a.T).shape, np.full_like(a, 2)[2, 4])
b = np.empty(1000)
b.fill(-0.0)
print(np.signbit(b).all(), np.full(37, np.nan)[36], np.full(0, 3.0), np.full((), 2.5), np.full((4, 0), 1))
c = np.zeros((4, 6))
c[:, ::2] = 3
c[1] = np.inf
print(c, np.full(5, 1 + 2j), np.full(3, 300, dtype=np.uint8) if False else np.full(3, 255, dtype=np.uint8))
a = np.arange(20.).reshape(4, 5)
a[::2] = 1
a[:, 1::2] = -2
print(a)
a[:, ::2] += 1
a[1:, ::3] *= 10
print(a)
x = np.arange(10)
x[::2] *= 3
x[1:] = x[:-1]
print(x)
x[:-1] = x[1:]
print(x)
y = np.arange(12).reshape(3, 4)
y[:, ::2] = y[:, 1::2]
y[::-1] = y
print(y)
y[...] = y.T[:4, :3].T
print(y)
