# np.unique without indices: a sorted copy, the first of each run kept
# (NaNs one run); return_counts with it; indices still by a stable argsort
import numpy as np
np.random.seed(6)
for dt in [np.float32, np.float64, np.int64, np.int32, np.uint8, np.bool_, np.int16, np.uint64]:
    a = (np.random.rand(7, 9) * 6).astype(dt)
    if dt in (np.float32, np.float64):
        a[1, 2] = np.nan
        a[3, 3] = np.nan
        a[0, 0] = -np.inf
    u = np.unique(a)
    v, c = np.unique(a.T, return_counts=True)
    print(dt.__name__, u.dtype, u.tolist(), v.tolist(), c.tolist(), c.dtype)
    print(np.unique(a[::2, ::-3]).tolist(), np.unique(a[:0]).tolist(), np.unique(a, return_counts=True)[1].shape)
    print(np.unique(a, return_index=True, return_counts=True)[1].tolist())
print(np.unique(np.array(3.0)), np.unique([3, 1, 3]), np.unique(np.full(5, np.nan), return_counts=True))
x = (np.random.rand(200000) * 1000).astype(np.int64)
u, c = np.unique(x, return_counts=True)
print(len(u), u[:5], u[-3:], c[:5], c.sum())
