# nansum/nanmean fold NaN as 0 on the fly (no zeroed copy): every layout,
# pairwise rows, lanes down columns, 8192-item buffers through a cast
import numpy as np
np.random.seed(9)
for dt in [np.float32, np.float64]:
    x = (np.random.rand(300, 70) * 10 - 5).astype(dt)
    x[x.real > 3.5] = np.nan
    x[:, 5] = np.nan
    for v in [x, x.T, x[::2, ::-3], x[7], x.reshape(3, 100, 70)]:
        for ax in [None, 0, 1, -1]:
            if ax is not None and ax >= v.ndim:
                continue
            print(dt.__name__, ax, repr(np.nansum(v, axis=ax)), repr(np.nanmean(v, axis=ax)))
big = np.random.rand(100003).astype(np.float32)
big[::7] = np.nan
print(repr(np.nansum(big)), repr(np.nanmean(big)), repr(np.nansum(big, dtype=np.float64)), repr(np.nansum(big.reshape(-1, 1)[:100000].reshape(10, 10000), axis=1)))
print(np.nansum(np.full(10, np.nan)), np.nansum(np.array([-0.0, np.nan])), big[:8])
