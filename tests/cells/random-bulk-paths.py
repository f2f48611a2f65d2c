# The bulk paths of randint / integers (every width, the 32-bit and 64-bit
# range cases, bool), choice with replacement, shuffle / permutation (every
# item size, rows, past the 32-draw prefetch batches) and uniform / normal
# with scalar parameters: the same draws as NumPy, in the same order.
import numpy as np

np.random.seed(7)
for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.bool_):
    info = np.iinfo(dt) if dt is not np.bool_ else None
    hi = 2 if dt is np.bool_ else min(int(info.max), 2**63 - 1)
    lo = 0 if dt is np.bool_ else int(info.min)
    a = np.random.randint(0, min(hi, 100), 40, dtype=dt)
    b = np.random.randint(lo, hi, 7, dtype=dt)
    print(dt.__name__, a.dtype, a.tolist(), b.tolist())
print(np.random.randint(5, 6, 4).tolist(), np.random.randint(-3, 4, (2, 3)).tolist())
print(np.random.randint(0, 2**32, 5).tolist(), np.random.randint(0, 2**32 - 1, 5).tolist())
print(np.random.randint(0, 2**40, 5).tolist(), np.random.randint(-2**63, 2**63 - 1, 3).tolist())
x = np.random.randint(0, 1000, 100000)
print(x.sum(), x[:5].tolist(), x[-5:].tolist())

g = np.random.default_rng(11)
for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.bool_):
    hi = 2 if dt is np.bool_ else min(int(np.iinfo(dt).max), 100)
    print(dt.__name__, g.integers(0, hi, 30, dtype=dt).tolist())
print(g.integers(0, 2**32, 5).tolist(), g.integers(0, 2**32 - 1, 5).tolist(), g.integers(1, 1, 3, endpoint=True).tolist())
print(g.integers(0, 2**40, 5).tolist(), g.integers(-2**63, 2**63 - 1, 3).tolist())
print(g.integers(-2**63, 2**63 - 1, 3, endpoint=True).tolist(), g.integers(0, 2**63 - 1, 3, dtype=np.uint64).tolist())
y = g.integers(0, 1000, 100000)
print(y.sum(), y[:5].tolist(), y[-5:].tolist())

print(np.random.choice(1000, 12).tolist(), g.choice(1000, 12).tolist())
print(np.random.choice(np.arange(10.0) * 1.5, (2, 3)).tolist(), g.choice([3, 1, 4, 1, 5], 6).tolist())
c = np.random.choice(2**35, 4)
print(c.dtype, c.tolist(), g.choice(2**35, 4).tolist())

for dt in (np.int8, np.int16, np.float32, np.float64, np.complex128):
    s = np.arange(100).astype(dt)
    np.random.shuffle(s)
    t = np.arange(77).astype(dt)
    g.shuffle(t)
    print(np.dtype(dt).name, s[:12].tolist(), t[:12].tolist())
r = np.arange(30).reshape(10, 3)
np.random.shuffle(r)
print(r.tolist())
r = np.arange(30.0).reshape(10, 3)
g.shuffle(r)
print(r.tolist())
v = np.arange(20)[::2]
np.random.shuffle(v)
print(v.tolist())
lst = list(range(10))
np.random.shuffle(lst)
print(lst)
big = np.arange(5000)
np.random.shuffle(big)
print(big[:8].tolist(), big[-8:].tolist(), int((big * np.arange(5000)).sum()))
big = np.arange(5000)
g.shuffle(big)
print(big[:8].tolist(), big[-8:].tolist(), int((big * np.arange(5000)).sum()))
print(np.random.permutation(40).tolist())
print(g.permutation(40).tolist(), g.permutation(np.arange(6.0)).tolist())
print(np.random.permutation(1).tolist(), g.permutation(0).tolist())

print(repr(np.random.uniform(-2, 3, 5)), repr(np.random.normal(1, 2, 5)))
print(repr(np.random.uniform(1, 1, 2)), repr(np.random.normal(0, 0, 2)))
print(repr(g.uniform(-2, 3, 5)), repr(g.normal(1, 2, 5)), repr(g.normal(size=3)))
print(repr(np.random.uniform(0, [1, 10, 100])), repr(g.normal([0, 10], 1)))
u = np.random.uniform(-1, 1, 3000000)
w = g.normal(5, 0.5, 3000000)
print(repr(u[:3]), repr(u[-3:]), repr(w[:3]), repr(w[-3:]))
print(repr(np.random.uniform(2.5, 3.5)), repr(g.normal(2.0, 3.0)))
