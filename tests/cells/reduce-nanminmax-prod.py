# nanmax/nanmin skip NaNs in a vector loop; prod multiplies in order;
# max/min of strided rows; a sum through a cast adds NumPy's 8192-item buffers
import numpy as np
np.random.seed(5)
for dt in [np.float32, np.float64]:
    a = np.random.rand(6, 50, 41).astype(dt)
    a[a < 0.1] = np.nan
    a[2, 3, :] = np.nan
    a[:, 7, 9] = np.nan
    a[1, :5, :9] = np.nan
    for v in [a, a.transpose(2, 0, 1), a[:, ::2, ::-1], a[2], a[1, 0], a[1, :8, :10]]:
        for ax in [None, 0, 1, -1]:
            if ax is not None and ax >= v.ndim:
                continue
            print(dt.__name__, ax, np.nanmax(v, axis=ax).tolist(), np.nanmin(v, axis=ax).tolist())
            print(v.max(axis=ax).tolist(), np.min(v, axis=ax).tolist())
print(np.nanmax(np.array([np.nan, 1.0, -np.inf, np.inf])), np.nanmin(np.array([np.nan] * 3 + [2.0] * 40)))
for dt in [np.int8, np.int64, np.uint32, np.uint64]:
    b = (np.random.rand(30, 40) * 100).astype(dt)
    print(dt.__name__, b[:, ::3].max(axis=1).tolist(), b[::-2, ::2].min(), b.T[::2].max(axis=0).tolist())
p = 1 + (np.random.rand(3000) - 0.5) / 100
print(repr(p.prod()), repr(p.astype(np.float32).prod()), repr(p.reshape(30, 100).prod(axis=1)[:3]), repr(p[::-7].prod()))
print(np.arange(1, 30, dtype=np.int64).prod(), np.arange(1, 25).reshape(4, 6).prod(axis=1))
x = np.random.rand(1000003).astype(np.float32)
print(repr(x.sum(dtype=np.float64)), repr(x.mean(dtype=np.float64)), repr(np.sum(x[::3], dtype=np.float64)))
w = x[:1000000].reshape(10, 100000)
print(repr(w.sum(axis=1, dtype=np.float64)), repr(w.sum(dtype=np.float64)), repr(w.T.sum(axis=0, dtype=np.float64)[:3]))
xi = (x * 1000).astype(np.int32)
print(repr(xi.sum(dtype=np.float64)), repr(xi.mean()), repr(xi[:999900].reshape(1111, 900).mean(axis=1)[:3]))
# kept inner rows (axis=0 of C order): typed lanes, in NumPy's row order
for dt in [np.float32, np.float64, np.int64, np.int32]:
    c = (np.random.rand(37, 21) * 1000 - 500).astype(dt)
    if dt in (np.float32, np.float64):
        c[5, 3] = np.nan
        c[:, 7] = np.nan
    print(dt.__name__, repr(c.sum(axis=0)), repr(c.max(axis=0)), repr(np.min(c, axis=0)))
    print(repr(c[::-2].sum(axis=0)), repr(c.reshape(37, 3, 7).max(axis=(0, 2))), repr(c.T.T[1:, ::3].min(axis=0)))
w = np.array([[2**62, -5], [2**62, 7], [2**62, 1]], dtype=np.int64)
print(w.sum(axis=0), w.max(axis=0), w.min(axis=0))
