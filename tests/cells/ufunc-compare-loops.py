# comparison loops (vectorised, AVX2 where the CPU has it): scalar on either
# side, two arrays, strided/reversed/broadcast operands, NaN, empty, long
# enough for the vector body and its tail, every integer and float width
import numpy as np
x = np.linspace(-3, 3, 103).astype(np.float32)
x[[5, 50, 101]] = np.nan
y = x[::-1].copy()
for name, f in (('<', np.less), ('<=', np.less_equal), ('==', np.equal), ('!=', np.not_equal),
                ('>', np.greater), ('>=', np.greater_equal)):
    r1, r2, r3 = f(x, 0.5), f(0.5, x), f(x, y)
    print(name, r1.sum(), r2.sum(), r3.sum(), np.flatnonzero(r3)[:6], r1.dtype)
print((x > 0.5)[::10], (x[::3] <= y[::3]).sum(), (x[::-2] == y[::-2]).sum())
m = np.arange(60, dtype=np.float64).reshape(6, 10) % 7
print((m > np.array([1, 3, 5, 0, 2, 4, 6, 1, 1, 0])).sum(axis=0), (m.T < m.T[:, :1]).sum())
print(np.zeros(0, np.float32) > 0.5, (np.zeros((3, 0)) == 1).shape)
for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float16, np.float64):
    a = (np.arange(77) * 37 % 101).astype(dt)
    b = a[::-1].copy()
    print(dt.__name__, (a > 50).sum(), (a <= b).sum(), (50 >= a).sum(), (a != b)[:9])
print(np.nan > np.zeros(40), (np.full(40, np.inf) >= np.inf).all(), (np.full(33, -0.0) == 0.0).all())
