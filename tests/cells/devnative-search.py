# Sorting and searching that stays on the device for cp arrays (issue 17:
# lib/devsearch.c composes nonzero/argwhere/flatnonzero, isin and unique from
# device steps; searchsorted is a backend entry): NaNs last and equal to each
# other in unique, empty inputs, every flag of unique, side='right', integer
# and float keys, larger random arrays.  tests/devsearch.test runs it down the
# composed paths on the host too.
import numpy as np
a = np.array([[0, 3, 0], [4, 0, 5]])
print(np.nonzero(a), np.argwhere(a), np.flatnonzero(a))
print(np.nonzero(np.array([0, 1, 0, 2])), np.argwhere(np.array([0, 1.5, 0])))
b = np.array([3, 1, 2, 3, np.nan, 1, np.nan, 7.5])
print(np.unique(b))
print(np.unique(b, return_index=True, return_inverse=True, return_counts=True))
c = np.array([[5, 1, 5], [2, 1, 9]])
print(np.unique(c, return_inverse=True))
print(np.unique(c, return_counts=True))
print(np.unique(np.array([], dtype=np.int64), return_counts=True, return_index=True))
print(np.unique(np.array([True, False, True]), return_counts=True))
print(np.isin(c, [1, 9, 4]), np.isin(c, [1, 9], invert=True), np.isin(b, [np.nan, 3]))
print(np.isin(c, []), np.isin(np.float32(2.5), [2.5, 1]))
s = np.array([1, 2, 2, 3, 5, np.nan])
print(np.searchsorted(s, [2, 0, 6, np.nan, 2.5]), np.searchsorted(s, [2, np.nan], side='right'))
print(np.searchsorted(np.array([1, 3, 5], dtype=np.int32), 4), np.searchsorted([1, 2, 3], [[3, 1], [2, 0]]))
print(np.searchsorted(np.array([1, 3, 5], dtype=np.uint64), np.array([4, 0], dtype=np.uint64)))
print(np.searchsorted(np.array([1.5, 3.25], dtype=np.float32), np.array([3, 1], dtype=np.int8), 'right'))
x = np.array([0.0, -0.0, 1, 0])
print(np.nonzero(x), np.flatnonzero(x > 0), np.argwhere(x.reshape(2, 2)))
e = np.zeros((2, 0, 3))
print(np.nonzero(e), np.argwhere(e).shape, np.flatnonzero(e))
print(np.unique(np.arange(12).reshape(3, 4) % 5, return_index=True))
np.random.seed(7)
r = np.random.randint(0, 50, size=3000)
u, i, inv, cnt = np.unique(r, return_index=True, return_inverse=True, return_counts=True)
print(u.shape, u[:5], i[:5], inv[:8], cnt[:5], int(cnt.sum()), bool((u[inv] == r).all()))
f = np.random.rand(2000).astype(np.float32)
f[::97] = np.nan
print(np.unique(f).shape, np.unique(f, return_counts=True)[1][-1])
q = np.sort(np.random.rand(1000))
print(np.searchsorted(q, np.random.rand(6)), np.searchsorted(q, q[::250], side='right'))
m = np.random.rand(4, 5, 6) > 0.8
nz = np.nonzero(m)
print(len(nz), nz[0][:6], nz[2][:6], np.argwhere(m)[:3], np.flatnonzero(m)[:6])
print(int(np.isin(r, np.arange(0, 50, 3)).sum()), int(np.isin(r, [7, 8], invert=True).sum()))
# integers: NumPy's table method when the test values' range is short
print(np.isin(np.array([-5, 3, 7, 100, -6]), np.array([-5, 7, 2])), np.isin(np.array([[1, 2], [3, 4]], dtype=np.int32), [4, 1], invert=True))
print(np.isin(np.array([2**62, -2**62, 5]), np.array([-2**62, 5])), np.isin(np.array([True, False]), [0]))
x = np.linspace(0, 1, 1001)
print(np.allclose(x, x + 1e-9), np.allclose(x, x * (1 + 1e-4)), np.allclose(x.astype(np.float32), x.astype(np.float32) + np.float32(1e-6)))
