# Rows of at most 16 items sort by a fixed network (sortsearch.c): every
# length 1..17 and the 4-byte dtypes, against NumPy.  NumPy's default sort
# is not stable and its tie order depends on the CPU's SIMD loop, so ties
# and mixed -0.0 / 0.0 are asked of kind='stable' only; the default kind
# gets rows of distinct values (inf included).
import numpy as np
np.random.seed(11)
for n in range(1, 18):
    di = np.argsort(np.random.rand(5, n), axis=1) - n // 2
    d = di.astype(np.float32) * 0.5
    d[2, -1] = np.inf
    d[3, 0] = -np.inf
    t = np.round(np.random.randn(4, n), 1).astype(np.float32)
    t[0, ::3] = 0.0
    t[1, ::2] = -0.0
    i = np.random.randint(-3, 4, (4, n)).astype(np.int32)
    u = np.random.randint(0, 5, (4, n)).astype(np.uint32)
    i[0, 0] = 2**31 - 1
    i[1, -1] = -2**31
    u[0, 0] = 2**32 - 1
    print(n, np.argsort(d, axis=1).tolist(), np.argsort(di.astype(np.int32)).tolist(), np.argsort((n - di).astype(np.uint32)).tolist())
    print(np.argsort(t, kind='stable').tolist(), np.argsort(i, kind='stable').tolist(), np.argsort(u, stable=True).tolist())
    print(np.sort(d).tolist(), np.sort(di.astype(np.int32)).tolist(), np.sort(i).tolist(), np.sort(u, axis=-1).tolist())
    print(np.sort(t, kind='stable').tolist(), np.signbit(np.sort(t, kind='stable')).astype(int).tolist())
g = np.array([[3.0, np.nan, -1.0, 0.5, 1.0, np.nan, -2.0]], dtype=np.float32)
print(np.sort(g), np.argsort(g, kind='stable'), np.sort(g, kind='stable'))
z = np.array([0.0, -0.0, 0.0, -0.0, 5.0], dtype=np.float32)
print(np.signbit(np.sort(z, kind='stable')), np.argsort(z, kind='stable'))
print(np.sort(np.zeros((3, 0), np.float32)), np.argsort(np.zeros((3, 0), np.int32)))
