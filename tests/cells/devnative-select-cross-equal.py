# np.select, np.cross (3-vectors) and np.array_equal, which the device
# composes where the data lies (select as NumPy's where() loop from the last
# condition; cross as a1*b2 - a2*b1 ... in the result dtype, stacked along
# axisc; array_equal as all(a == b), NaNs paired with equal_nan): shapes,
# broadcasting, dtypes, NaN, empty and 0-d inputs, the errors.
# tests/devsearch.test runs these paths on the host too.
import numpy as np
def show(f):
    try:
        r = f()
        print(repr(r))
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)

x = np.arange(12, dtype=np.float32).reshape(3, 4) / 2
y = -x
print(np.select([x > 3.5, x < 1.0], [x, y], 0.0))
print(np.select([x > 3.5, x < 1.0], [x, y]).dtype, np.select([x > 3.5], [np.int8(7)], np.int8(-1)))
print(np.select([x > 2, x > 1], [x, 100], default=np.nan))
print(np.select([np.array([True, False, True, False])[None, :], x > 4], [1, 2], -5))
print(np.select([x > 1.2], [np.arange(4)], np.float32(0.5)).dtype, np.select([x > 1.2], [np.arange(4)], 0.5).dtype)
print(np.select([np.array(True)], [np.array(3)], 4), np.select([np.zeros(0, bool)], [np.zeros(0)]).shape)
print(np.select([x > 10, x > 10], [x, y], np.float32(9)))
print(np.select([x > 3, x > 1, x >= 0], [x.astype(np.int64), 2 * x, x.astype(np.complex64)], 0))
show(lambda: np.select([x > 1], [x, y]))
show(lambda: np.select([], []))
show(lambda: np.select([x], [x]))

a = np.arange(12, dtype=np.float64).reshape(4, 3) - 5.5
b = np.arange(12, 0, -1, dtype=np.float64).reshape(4, 3) / 3
print(np.cross(a, b))
print(np.cross(a.astype(np.float32), b.astype(np.float32)))
print(np.cross(a.astype(np.int32), (2 * b).astype(np.int16)), np.cross(a.astype(np.int32), (2 * b).astype(np.int16)).dtype)
print(np.cross(a[0], b), np.cross(a, b[1]), np.cross(a[1], b[2]))
print(np.cross(a.T, b.T, axisa=0, axisb=0), np.cross(a.T, b, axisa=0, axisc=0))
print(np.cross(a.reshape(2, 2, 3), b[:2].reshape(2, 1, 3)).shape, np.cross(a.reshape(2, 2, 3), b[:2].reshape(2, 1, 3), axisc=1)[1])
print(np.cross(a.T, b.T, axis=0))
print(np.cross(np.zeros((0, 3)), np.ones(3)).shape, np.cross(np.array([1, 0, 0]), np.array([0, 1, 0])))
print(np.cross(np.array([np.inf, 1.0, 0]), np.array([1.0, np.nan, 2])))
show(lambda: np.cross(a, b, axisc=2))

f = np.array([1.0, np.nan, 3.0])
print(np.array_equal(f, f), np.array_equal(f, f, equal_nan=True), np.array_equal(f, f.copy(), equal_nan=True))
print(np.array_equal(f, np.array([1.0, 2.0, 3.0]), equal_nan=True), np.array_equal(f, np.array([np.nan, np.nan, 3.0]), equal_nan=True))
print(np.array_equal(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2)), np.array_equal(np.arange(6), np.arange(6.0)))
print(np.array_equal(np.arange(6, dtype=np.int32), np.arange(6, dtype=np.int64), equal_nan=True), np.array_equal(np.zeros(0), np.zeros(0)))
print(np.array_equal(np.array([1 + 1j, np.nan + 1j]), np.array([1 + 1j, np.nan + 2j]), equal_nan=True))
print(np.array_equal(np.array([1 + 1j, np.nan]), np.array([1 + 1j, 2]), equal_nan=True))
print(np.array_equal(x, x.T.T), np.array_equal(x[:, ::2], x[:, ::2].copy()), np.array_equal(np.float32(2), 2), np.array_equal(x, x[0]))
print(type(np.array_equal(x, x)).__name__, np.array_equal(np.array([True, False]), np.array([1, 0])))
