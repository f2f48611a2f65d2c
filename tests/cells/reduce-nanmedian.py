# nanmedian / nanpercentile / nanquantile: each row without its NaNs, then
# the order statistics selected as for median; all-NaN rows give NaN
import numpy as np
np.random.seed(11)
for dt in [np.float64, np.float32, np.int64]:
    a = (np.random.rand(6, 9, 11) * 50).astype(dt)
    if dt != np.int64:
        a[a < 8] = np.nan
        a[2, 3, :] = np.nan
        a[:, 4, 5] = np.nan
    for v in [a, a.transpose(1, 2, 0), a[:, ::2, ::-1], a[1]]:
        for ax in [None, 0, 1, -1, (0, 1)]:
            if ax is not None and ax != (0, 1) and ax >= v.ndim:
                continue
            print(dt.__name__, ax, np.nanmedian(v, axis=ax).tolist())
            print(np.nanpercentile(v, 90, axis=ax).tolist())
            print(np.nanquantile(v, [0.0, 0.3, 1.0], axis=ax).tolist())
x = np.random.rand(10001)
x[::3] = np.nan
print(np.nanmedian(x), np.nanpercentile(x, [5, 50, 95]), np.nanquantile(x, 0.25), np.nanmedian(np.full(4, np.nan)))
print(np.nanmedian(np.array([1.0, np.nan, 3.0, 2.0])), np.nanmedian(x.reshape(-1, 1)[:10000].reshape(100, 100), axis=0)[:4])
print(np.nanmedian(x.astype(np.float32)).dtype, np.nanpercentile(np.arange(10), 50), np.nanmedian(np.ones((2, 3)), keepdims=True).shape)
