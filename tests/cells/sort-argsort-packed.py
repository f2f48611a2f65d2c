import numpy as np
# stable argsort of 4- and 8-byte rows by value-and-position words: ties in
# index order, NaNs of either sign last, -0.0 tied with 0.0, extremes, float64
# values that differ only in their lowest bits, rows about 2**16 items
rng = np.random.default_rng(11)


def check(name, a):
    i = np.argsort(a, kind='stable')
    n = a.shape[-1]
    w = np.arange(1, n + 1, dtype=np.int64)
    print(name, a.shape, int((i * w).sum()), i.reshape(-1)[:6], i.reshape(-1)[-3:])


for n in (1, 2, 3, 15, 16, 17, 64, 100, 1000, 2047, 2048, 5000):
    f = np.round(rng.standard_normal(n) * 4).astype(np.float32)   # many ties
    if n > 8:
        f[1] = np.nan
        f[n // 2] = -np.nan
        f[2], f[3], f[4], f[5] = -0.0, 0.0, np.inf, -np.inf
    check("f32 %d" % n, f)
    check("i32 %d" % n, rng.integers(-2**31, 2**31, n, dtype=np.int32) // 2**27)
    check("u32 %d" % n, rng.integers(0, 2**32, n, dtype=np.uint32) // 2**28)
    check("i64 %d" % n, rng.integers(-50, 50, n))
    check("f64 %d" % n, np.round(rng.standard_normal(n) * 3))

# extremes: every key bit in use, so float64/int64 words give up low bits
x = np.array([2**63 - 1, -2**63, 0, -1, 1, 2**63 - 1, -2**63, 2**62, -2**62] * 50, dtype=np.int64)
check("i64 extremes", x)
check("u64 extremes", np.array([2**64 - 1, 0, 2**63, 1, 2**64 - 2, 2**63 - 1] * 70, dtype=np.uint64))
check("i32 extremes", np.array([2**31 - 1, -2**31, 0, -1, 1] * 40, dtype=np.int32))
check("u32 extremes", np.array([2**32 - 1, 0, 2**31, 1] * 40, dtype=np.uint32))
# values 1 + k ulp, shuffled: neighbours agree in all but their low bits
k = rng.permutation(np.repeat(np.arange(3000), 2))
d = 1.0 + k * np.finfo(np.float64).eps
d[::7] = -d[::7]
check("f64 ulps", d)
check("f64 ulps wide", np.concatenate([d, [1e300, -1e300, 5e-324, -5e-324, np.inf, -np.inf, np.nan, -np.nan]]))
e = np.array([np.nan, -0.0, 0.0, -np.nan, 5e-324, -5e-324, np.inf, 0.0, -0.0, np.nan] * 30)
check("f64 special", e)
for n in (65535, 65536, 65537):
    check("f64 %d" % n, rng.standard_normal(n))
    check("i64 %d" % n, rng.integers(-2**63, 2**63 - 1, n, dtype=np.int64))
# rows, columns and views
m = np.round(rng.standard_normal((40, 300)) * 10)
check("rows f64", m)
print(int((np.argsort(m, axis=0, kind='stable') * np.arange(300)).sum()))
m32 = m.astype(np.float32)
check("rows f32", m32)
print(int((np.argsort(m32, axis=0, kind='stable') * np.arange(300)).sum()))
check("view", m[::-3, ::2])
print(m32[0, :20].argsort(kind='stable'), m32[:3, :20].argsort(axis=None, kind='stable')[:8])
# no ties: NumPy's default sort gives the same indices
u = rng.permutation(1000).astype(np.float64) / 7
print(bool(np.array_equal(np.argsort(u), np.argsort(u, kind='stable'))), np.argsort(u)[:5])
