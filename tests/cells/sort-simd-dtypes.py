import numpy as np
# the vectorised quicksort's dtypes at every row length around its leaf and
# partition sizes (1..70), then 300000 elements checked through samples;
# stable argsorts of rows with many ties
rng = np.random.default_rng(11)
for dt in [np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64]:
    ok = True
    for n in range(71):
        if np.dtype(dt).kind == 'f':
            x = (rng.standard_normal(n) * 100).astype(dt)
        else:
            x = rng.integers(0, 50, n).astype(dt)
        s = np.sort(x)
        ok = ok and s.tolist() == sorted(x.tolist())
    print(np.dtype(dt).name, ok)
    if np.dtype(dt).kind == 'f':
        big = (rng.standard_normal(300000) * 1000).astype(dt) + dt(0.5)
    elif np.dtype(dt).kind == 'u':
        big = rng.integers(-2**31, 2**31, 300000).astype(dt) * dt(2**31 + 7)
    else:
        big = rng.integers(np.iinfo(dt).min, np.iinfo(dt).max, 300000, dtype=dt, endpoint=True)
    # uint64 past 2**63 prints through the array's repr (tolist needs big ints)
    print(np.sort(big)[::9973] if dt == np.uint64 else np.sort(big)[::9973].tolist())
    print(int((np.argsort(big, kind='stable') * 3 % 1000003).sum()))
    ties = rng.integers(0, 100, 300000).astype(dt)
    print(np.sort(ties)[::9973].tolist())
    print(int((np.argsort(ties, kind='stable') * 3 % 1000003).sum()))
