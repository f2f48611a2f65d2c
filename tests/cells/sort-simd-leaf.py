import numpy as np
# the quicksort's bitonic leaf (up to 512 32-bit or 256 64-bit numbers) and
# pivot sample at every length around them; rows of ten values or all one
# value (the repeated-pivot paths); NaN, inf and zeros through the default
# sort; ndarray.sort in place on contiguous rows, slices and strided views
rng = np.random.default_rng(23)
for dt in [np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64]:
    ok = True
    for n in list(range(0, 300)) + [383, 384, 385, 511, 512, 513, 640, 1000, 1023, 1025, 2049]:
        if np.dtype(dt).kind == 'f':
            x = (rng.standard_normal(n) * 100).astype(dt)
        else:
            x = rng.integers(0, 1000, n).astype(dt)
        ok = ok and np.sort(x).tolist() == sorted(x.tolist())
        y = x.copy()
        y.sort()
        ok = ok and y.tolist() == sorted(x.tolist())
    print(np.dtype(dt).name, ok)
    few = rng.integers(0, 10, 300007).astype(dt)
    s = np.sort(few)
    print(s[::10007].tolist(), np.bincount(s.astype(np.int64)).tolist(), bool((s[1:] >= s[:-1]).all()))
    same = np.full(300001, 3, dtype=dt)
    same[-1] = 2
    print(np.sort(same)[:3].tolist(), np.sort(same)[-2:].tolist())
    m = rng.integers(0, 50, (7, 333)).astype(dt)
    want = np.array([sorted(r) for r in m.tolist()], dtype=dt)
    m.sort()
    print(np.array_equal(m, want), int((m.astype(np.int64) * np.arange(333)).sum()))
    m = rng.integers(0, 50, (333, 7)).astype(dt)
    want = np.sort(m, axis=0)
    m.sort(axis=0)
    print(np.array_equal(m, want))
    z = rng.integers(0, 1000, 2000).astype(dt)
    z[100:1700].sort()
    print(z[:100].tolist() == sorted(z[:100].tolist()), bool((z[101:1700] >= z[100:1699]).all()), int(z[::37].astype(np.int64).sum()))
    w = rng.integers(0, 1000, (4, 900)).astype(dt)
    v = w[:, ::3]
    v.sort()
    print(bool((v[:, 1:] >= v[:, :-1]).all()), int(w.astype(np.int64).sum()), int(w[:, 1::3].astype(np.int64).sum()))
for dt in [np.float32, np.float64]:
    for n in [40, 250, 3000, 300000]:
        x = rng.standard_normal(n).astype(dt)
        x[::7] = np.nan
        x[3::11] = np.inf
        x[5::13] = -np.inf
        x[1::5] = 0.0
        x[2::9] = -0.0
        s = np.sort(x)
        k = int(np.isnan(x).sum())
        fin = s[:n - k]
        print(n, k, bool(np.isnan(s[n - k:]).all()), bool((fin[1:] >= fin[:-1]).all()),
              int((fin == 0).sum()), float(fin[~np.isinf(fin)].sum().round(3)), fin[:2].tolist(), fin[-2:].tolist())
        y = x.copy()
        y.sort()
        print(np.array_equal(y, s, equal_nan=True))
