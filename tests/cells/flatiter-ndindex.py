# a.flat (numpy.flatiter: iteration, indexing, assignment with repeated values, a.flat = x), np.ndindex, np.ndenumerate
# cells: skip-gpu CuPy has no ndindex/ndenumerate and its flatiter is another class
import numpy as np
x = np.arange(1, 7).reshape(2, 3)
print(repr(x.flat[3]), repr(x.T.flat[3]), type(x.flat))
fl = x.flat
for item in fl:
    print(item)
print(repr(fl[2:4]), repr(x.flat[-1]), len(x.flat), repr(x.flat[[0, 5]]), repr(x.flat[x.ravel() > 3]))
x.flat = 3; print(repr(x))
x.flat[[1, 4]] = 1; print(repr(x))
a = np.zeros((2, 3))
a.flat = [1, 2]
print(repr(a))
a.flat[::2] = [7, 8, 9, 10]
print(repr(a))
b = np.arange(12).reshape(3, 4).T
b.flat[1:5] = -1
print(repr(b))
b.flat[np.int64(0)] = 100
print(repr(b), repr(b.flat[np.int64(0)]))
a = np.array([[10, 11, 12], [13, 14, 15]])
print(repr(a.flat[np.argmax(a)]), repr(a.flat[np.argmin(a)]))
try:
    a.flat[6]
except IndexError as e:
    print('IndexError', e)
f = a.flat
next(f); next(f)
print(f.index, f.coords, f.base is a, repr(f.copy()))
for index in np.ndindex(3, 2, 1):
    print(index)
for index in np.ndindex((2, 2)):
    print(index)
print(list(np.ndindex()), list(np.ndindex(0, 3)))
for index, v in np.ndenumerate(np.array([[1, 2], [3, 4]])):
    print(index, repr(v))
print(list(np.ndenumerate([1.5, 2.5])))
print(sum(1 for _ in np.arange(24).reshape(2, 3, 4).flat))
c = np.arange(6.).reshape(2, 3)[:, ::2]
print([float(v) for v in c.flat], repr(c.flat[1:]))
