# floor / ceil / trunc on float32 / float64 through the AVX2 loops: halves,
# signed zeros, NaN, infinities, huge and tiny values, lengths around the
# vector width, strided views (the scalar loop), out= and in place.
import numpy as np
base = [np.nan, -0.0, 0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, np.inf, -np.inf, 1e-300, -1e-300,
        4503599627370495.5, -4503599627370495.5, 1e300, 0.49999999999999994, -0.9999999, 7.0]
for dt in (np.float32, np.float64):
    for n in (0, 1, 3, 4, 5, 8, 9, 17, 19, 38):
        x = np.array((base * 2)[:n], dtype=dt)
        print(repr(np.floor(x)), repr(np.ceil(x)), repr(np.trunc(x)))
    x = np.array(base * 3, dtype=dt)
    print(repr(np.floor(x[::2])), repr(np.ceil(x[::-3])), repr(np.trunc(x.reshape(3, -1)[:, 1:])))
    o = np.empty_like(x)
    np.floor(x, out=o)
    y = x.copy()
    np.ceil(y, out=y)
    print(repr(o[:10]), repr(y[-10:]), np.signbit(np.trunc(x)).sum(), np.isnan(np.floor(x)).sum())
print(np.floor(np.linspace(-3, 3, 101)).sum(), np.ceil(np.linspace(-3, 3, 101, dtype=np.float32)).sum())
print(np.floor(np.arange(10)), np.ceil(np.arange(5, dtype=np.int8)), np.trunc(np.array([True, False])))
# contiguous row copies of a view, take with in-range and negative indices
a = np.arange(48.).reshape(6, 8)
print(a[:, :5].copy(), a[1:5, 2:7].copy().strides, a[::2, :3].copy())
i = np.array([0, 5, 2])
print(np.take(a, i, axis=1), np.take(a, i), i, np.take(a.ravel(), np.array([-1, 47])))
