# median/percentile/quantile by selecting the order statistics each row
# needs (not a full sort): odd/even lengths, NaN rows, several q, views;
# float32 data interpolates as NumPy's _lerp (in float32 for a Python q)
import numpy as np
np.random.seed(2)
for dt in [np.float64, np.float32, np.int64, np.int16]:
    a = (np.random.rand(6, 9, 11) * 50).astype(dt)
    for v in [a, a.transpose(1, 2, 0), a[:, ::2, ::-1], a[1]]:
        for ax in [None, 0, 1, -1, (0, 1)]:
            if ax is not None and ax != (0, 1) and ax >= v.ndim:
                continue
            print(dt.__name__, ax, np.median(v, axis=ax).tolist())
            print(np.percentile(v, 90, axis=ax).tolist())
            print(np.quantile(v, [0.0, 0.25, 0.5, 1.0], axis=ax).tolist())
x = np.random.rand(100001)
print(np.median(x), np.median(x[:-1]), np.percentile(x, [1, 50, 99.9]), np.quantile(x, 0.333))
d = np.round(x * 10)
print(np.median(d), np.percentile(d, [10, 37, 63]), np.median(d.reshape(-1, 1)[:100000].reshape(100, 1000), axis=1)[:6])
x[500] = np.nan
print(np.median(x), np.percentile(x, 50), np.median(x.reshape(-1, 1)[:100000].reshape(1000, 100), axis=1)[3:7])
print(np.median(np.array([3.0, 1.0, 2.0, 2.0])), np.median(np.ones(7)), np.percentile(np.arange(10), [0, 100]))
print(np.median(np.zeros((4, 0)), axis=0).shape, np.median(np.zeros((0, 4)), axis=1).shape)
# the rows are partitioned in a copy: the input stays as it was
y = np.random.rand(1001)
y0 = y.copy()
print(np.median(y), np.percentile(y, [10, 90]), np.median(y.reshape(7, 143), axis=0)[:2], np.array_equal(y, y0))
