# np.take / np.put with index arrays and np.repeat, which the device runs
# where the data lies (take through the backend's take_index, put through
# put_index, repeat as a broadcast copy or searchsorted of the counts'
# sums): dtypes, negative indices, modes raise / wrap / clip, axes, n-d
# indices, empty inputs, non-contiguous targets and the errors.
# tests/devsearch.test runs these paths on the host too.
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

x = np.arange(10, dtype=np.float32) * 1.5
i = np.array([0, 9, -1, -10, 3, 3])
print(np.take(x, i), np.take(x, i.astype(np.int32)), np.take(x, i.astype(np.int16)).dtype)
print(np.take(x, np.array([[1, 2], [-3, 4]])))
print(np.take(x, np.array([12, -13, 25]), mode='wrap'), np.take(x, np.array([12, -13, 25]), mode='clip'))
print(np.take(x, np.array([12, 243, 5], dtype=np.uint8), mode='clip'))
show(lambda: np.take(x, np.array([1, 10])))
show(lambda: np.take(x, np.array([1, -11, 10])))
show(lambda: np.take(x, np.array([1.0])))
m = np.arange(24).reshape(2, 3, 4)
for ax in (0, 1, 2, -1):
    print(ax, np.take(m, np.array([1, -1]), axis=ax).tolist())
print(np.take(m, np.array([[0, 2], [1, 1]]), axis=1).shape, np.take(m, np.array([5, 30]), mode='wrap').tolist())
show(lambda: np.take(m, np.array([3]), axis=1))
print(np.take(x, np.array([], dtype=np.int64)), np.take(m, np.array([], dtype=np.int64), axis=1).shape)
print(np.take(np.zeros(0), np.array([], dtype=np.int64), mode='wrap'))
show(lambda: np.take(np.zeros(0), np.array([0]), mode='wrap'))
show(lambda: np.take(np.zeros(0), np.array([0]), mode='clip'))
show(lambda: np.take(np.zeros(0), np.array([0])))
print(np.take(np.array([1 + 2j, 3 - 4j]), np.array([1, 0, 1])), np.take(np.array([True, False]), np.array([1, 1, 0])))
print(x.take(np.array([2, 4])), m.take(np.array([0, -1]), axis=0).shape)

a = np.zeros(8)
np.put(a, np.array([0, 2, -1]), np.array([1.5, 2.5, 3.5]))
print(a)
np.put(a, np.array([1, 3, 5, 7]), np.array([9.0, 8.0]))
print(a)
np.put(a, np.array([20, -20]), 7.0, mode='wrap')
print(a)
np.put(a, np.array([20, -20]), np.array([6.0, 5.0]), mode='clip')
print(a)
np.put(a, np.array([2, 2]), np.array([4.0, 4.0]))
print(a)
show(lambda: np.put(a, np.array([1, 8]), 0.0))
print(a)
show(lambda: np.put(a, np.array([-9]), 0.0))
np.put(a, np.array([1, 2]), np.array([], dtype=np.float64))
print(a)
b = np.arange(12, dtype=np.int32).reshape(3, 4)
np.put(b, np.array([0, 11, 5], dtype=np.int32), [-1, -2, -3])
print(b)
np.put(b, np.array([1, 2]), 7.9)
print(b)
t = np.zeros((4, 4), dtype=np.int64).T
np.put(t, np.array([1, 4, 15]), np.array([1, 2, 3]))
print(t)
c = np.zeros(3, dtype=np.complex64)
np.put(c, np.array([1]), 2 - 1j)
print(c)
e = np.zeros(0)
np.put(e, np.array([], dtype=np.int64), 1.0)
print(e)
show(lambda: np.put(e, np.array([0]), 1.0, mode='wrap'))
u = np.arange(6, dtype=np.uint8)
u.put(np.array([0, -1]), np.array([200, 100]))
print(u)

r = np.arange(6, dtype=np.float64).reshape(2, 3)
print(np.repeat(r, 3), np.repeat(r, 2, axis=1), np.repeat(r, [0, 2, 1], axis=1), np.repeat(r, [3, 1], axis=0))
print(np.repeat(r.T, 2, axis=0), np.repeat(r[:, ::2], np.array([2, 0]), axis=1), np.repeat(r, 0, axis=0).shape)
print(np.repeat(np.arange(4, dtype=np.int8), np.array([1, 0, 2, 3])), np.repeat(np.array([], dtype=np.int32), 3).shape)
print(np.repeat(np.float32(2.5), 3), np.repeat(np.array([True, False]), [2, 1]), np.repeat(np.array([1j, 2]), 2))
