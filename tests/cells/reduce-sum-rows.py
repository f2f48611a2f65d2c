# float sums of arrays that no merging makes 1-d: NumPy's buffer of whole rows
import numpy as np
rng = np.random.default_rng(3)
for dt in (np.float32, np.float64):
    for shp in ((300, 401), (30, 2000), (3000, 20), (3, 20000), (10, 50, 60), (7, 3, 5000)):
        X = (rng.standard_normal(shp) * 1000).astype(dt)
        x = X[..., :-2]
        r = [np.sum(x), np.sum(x, dtype=np.float64), np.nansum(x), np.mean(x)]
        if x.ndim == 3:
            r += [np.sum(x, axis=(1, 2))[:3], np.sum(x, axis=(0, 1))[:3], np.sum(x, axis=(0, 2))[:3], np.sum(x, axis=(1, 2), dtype=np.float64)[:3]]
        r += [np.sum(X.T[::2]), np.sum(X[::2, ...])]
        print(' '.join(repr(v) for v in r))
