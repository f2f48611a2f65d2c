# The host backend's indexing, sort and counting entries (backend/host/
# host_index.c, host_sort.c, host_count.c): masks of leading dims on
# contiguous and strided arrays, index arrays at consecutive axes, scatter
# from broadcast values, sorts along every axis, bincount and histogram.
import numpy as np
a = np.arange(24.0).reshape(4, 6)
print(a[a > 10], a[a[:, 0] > 5])
s = a[:, ::2]                      # strided: the row walk
print(s[s[:, 0] > 5], s[np.array([True, False, True, False])])
s[np.array([True, False, False, True])] = 99.0
s[np.array([False, True, False, False])] = np.array([[1.0, 2.0, 3.0]])
print(a)
t = np.arange(60).reshape(3, 4, 5)
print(t[:, np.array([0, -1])], t[np.array([[0, 2], [1, 1]])].shape, t[:, [1, 2], [0, 4]])
print(t[:, :, np.array([4, 0])].sum(), t[np.array([2, 0]), np.array([-1, 0])])
try:
    t[:, np.array([0, 4])]
except IndexError as e:
    print("IndexError:", e)
try:
    t[np.array([0]), np.array([-5])]
except IndexError as e:
    print("IndexError:", e)
x = np.arange(10, dtype=np.int16)
print(x[np.array([1, -1, 3])], x[[2, 2]], x[np.array([], dtype=np.int64)])
x[[1, 3, 3]] = np.array([7, 8, 9], dtype=np.int16)
x[np.array([0, 5])] = 42
print(x)
m = np.zeros((2, 3, 4), dtype=np.complex128)
m[np.array([True, False])] = 1 + 2j
m[:, [0, 2]] = np.arange(8).reshape(1, 1, 8)[:, :, :4]
print(m[m.real > 0].shape, m.sum())
b = a.T.copy()[::2]
print(np.sort(b, axis=0), np.argsort(b, axis=0, kind="stable"), np.sort(b, axis=None))
b.sort(axis=1)
print(b, np.argsort(np.array([3.0, np.nan, -0.0, 0.0, 1.0])), np.sort(np.array([0.0, -0.0, np.nan, -1.0]), kind="stable"))
f = np.array([[2, 1], [0, 3]], dtype=np.float32).T
f.sort(axis=0)
print(f)
print(np.bincount(np.array([1, 3, 3], dtype=np.uint8)), np.bincount(np.array([0, 2]), minlength=5))
print(np.bincount(np.array([], dtype=np.int64)), np.bincount(np.array([True, True, False])))
print(np.histogram(np.array([1.0, 2, 2, 3.5]), bins=3), np.histogram(np.arange(10, dtype=np.float32)[::3], bins=[0, 2, 5, 9]))
print(np.histogram(np.array([1, 5, 9]), bins=4, range=(0, 10), density=True))
