# where= sums to the last bit: NumPy adds each run of true mask items pairwise
import numpy as np
rng = np.random.default_rng(7)
for dt in (np.float32, np.float64):
    for n in (100000, 9000, 20000):
        x = (rng.standard_normal(n) * 1000).astype(dt)
        m1 = rng.random(n) < 0.7
        m2 = np.repeat(rng.random(n // 1000 + 1) < 0.6, 1000)[:n]
        print(repr(np.sum(x, where=m1)), repr(np.sum(x, where=m2)), repr(x.sum(where=m1, dtype=np.float64)))
        print(repr(np.sum(x, where=np.ones(n, bool))), repr(np.sum(x, where=m1, initial=5.5)))
    for shp in ((300, 401), (30, 2000), (3000, 20), (3, 20000), (10, 50, 60)):
        X = (rng.standard_normal(shp) * 1000).astype(dt)
        x = X[..., :-2]
        m = rng.random(x.shape) < 0.8
        print(repr(np.sum(x, where=m)), repr(np.sum(X, where=rng.random(X.shape) < 0.5)))
        print(repr(np.sum(X.T, where=rng.random(X.T.shape) < 0.5)))
        print(np.sum(x, axis=-1, where=m)[:3], np.sum(x, axis=0, where=m).ravel()[:3])
        print(repr(np.sum(x, where=m, dtype=np.float64)), np.sum(x, axis=-1, where=m, dtype=np.float64)[:2])
        if x.ndim == 3:
            print(np.sum(x, axis=(1, 2), where=m)[:3], np.sum(x, axis=(0, 2), where=m)[:3])
        mb = rng.random(x.shape[-1]) < 0.5
        print(repr(np.sum(x, where=mb)), np.sum(x, axis=0, where=mb).ravel()[:3], np.sum(x, axis=-1, where=mb)[:3])
        print(repr(np.mean(x, where=m)), repr(np.var(x, where=m)), repr(np.std(x, axis=-1, where=m)[:2]))
# complex and float16
for dt in (np.complex64, np.complex128, np.float16):
    x = (rng.standard_normal(30000) * 10).astype(dt)
    if np.dtype(dt).kind == 'c':
        x = x + 1j * (rng.standard_normal(30000) * 10).astype(dt)
    m = rng.random(30000) < 0.6
    print(repr(np.sum(x, where=m)), repr(np.mean(x, where=m)), repr(np.sum(x.reshape(100, 300), axis=1, where=m.reshape(100, 300))[:2]))
# nansum / nanmean on data with NaNs
y = (rng.standard_normal(50000) * 100).astype(np.float32)
y[rng.random(50000) < 0.1] = np.nan
m = rng.random(50000) < 0.5
print(repr(np.nansum(y, where=m)), repr(np.nanmean(y, where=m)), repr(np.nanvar(y, where=m)), repr(np.nanstd(y, where=m, ddof=1)))
