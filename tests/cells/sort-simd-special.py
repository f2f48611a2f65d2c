import numpy as np
# NaN last, infinities at the ends, -0.0 against 0.0 (equal: a stable sort
# keeps their order), rows already ascending, descending and all equal
rng = np.random.default_rng(5)
for dt in [np.float32, np.float64]:
    x = rng.standard_normal(300000).astype(dt)
    x[::101] = np.nan
    x[7::997] = np.inf
    x[9::991] = -np.inf
    x[11::89] = 0.0
    x[13::83] = -0.0
    s = np.sort(x)
    print(np.isnan(s[-2971:]).all(), np.isnan(s).sum(), s[:3].tolist(), s[-2975:-2968].tolist())
    z = s[(s == 0)]
    print(len(z), bool(np.all(s[~np.isnan(s)][1:] >= s[~np.isnan(s)][:-1])))
    st = np.sort(x, kind='stable')
    print(np.signbit(st[st == 0])[:40].astype(int).tolist(), int(np.signbit(st[st == 0]).sum()))
    a = np.argsort(x, kind='stable')
    print(int((a * 3 % 1000003).sum()), a[-5:].tolist())
    small = np.array([0.0, -0.0, 1.0, -0.0, 0.0, np.nan, -1.0, 0.0], dtype=dt)
    print(np.sort(small, kind='stable'), np.argsort(small, kind='stable'))
    up = np.sort(rng.standard_normal(300001)).astype(dt)
    print(int((np.argsort(up) * 3 % 1000003).sum()), np.sort(up)[::30011].tolist())
    down = up[::-1].copy()
    print(np.array_equal(np.sort(down), up), int((np.argsort(down, kind='stable') * 3 % 1000003).sum()))
same = np.full(200000, 7, dtype=np.int64)
print(np.sort(same)[:3], int((np.argsort(same, kind='stable') * 3 % 1000003).sum()))
lows = np.zeros(300000, dtype=np.int32)
lows[::3] = 5
print(np.sort(lows)[::29989].tolist(), np.sort(lows).sum())
mx = np.array([np.iinfo(np.int64).max, np.iinfo(np.int64).min, 0, -1, 1] * 20000, dtype=np.int64)
print(np.sort(mx)[::9973].tolist())
ux = np.array([-1, 0, -2**63, 2**63 - 1, 1] * 20000, dtype=np.int64).astype(np.uint64)
print(np.sort(ux)[::9973])
# a NaN first: the stable sort keeps -0.0 and 0.0 in their input order anyway
for n in [12, 5000]:
    z = np.zeros(n)
    z[0] = np.nan
    z[1] = -0.0
    z[-1] = 0.0
    z[n // 2] = -0.0
    z[2] = 1.5
    st = np.sort(z, kind='stable')
    print(np.signbit(st[st == 0]).astype(int).tolist()[:3], np.signbit(st[st == 0]).astype(int).tolist()[-3:], st[-2:])
