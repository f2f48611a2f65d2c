import numpy as np
# rows of 2048 and more take the radix sort: NaNs last, negatives, infinities,
# duplicates; stable argsort keeps equal keys in index order
rng = np.random.default_rng(7)
f = rng.standard_normal(5000).astype(np.float32)
f[::97] = np.nan
f[5] = np.inf
f[6] = -np.inf
f[7] = 0.0
s = np.sort(f)
print(s[:4], s[-60:-55], np.isnan(s).sum(), bool(np.all(s[:-52][1:] >= s[:-52][:-1])))
print(np.argsort(f, kind='stable')[:8], np.argsort(f, kind='stable')[-3:])
d = rng.standard_normal(3000) * 1e300
d[10] = np.nan
print(np.sort(d)[:3], np.sort(d)[-3:], np.argsort(d)[-1])
i = rng.integers(-1000, 1000, 4000)
print(np.sort(i)[:6], np.sort(i)[-6:], np.argsort(i, kind='stable')[:6])
u = rng.integers(0, 2**40, 3000).astype(np.uint64)
print(np.sort(u)[:3], np.argsort(u)[:3])
i32 = rng.integers(-2**31, 2**31, 2500).astype(np.int32)
print(np.sort(i32)[:3], np.sort(i32)[-3:], np.argsort(i32)[:4])
m = rng.standard_normal((3, 2500))
print(np.sort(m, axis=1)[:, :2], np.argsort(m, axis=1)[:, -2:])
