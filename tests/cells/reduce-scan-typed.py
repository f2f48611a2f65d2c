# cumsum/cumprod by typed loops: along rows, and lane by lane down columns
import numpy as np
np.random.seed(4)
for dt in [np.float32, np.float64, np.int64, np.int32, np.uint8, np.bool_, np.int16, np.uint32, np.complex64]:
    a = (np.random.rand(4, 6, 7) * 5).astype(dt)
    for v in [a, a.transpose(2, 0, 1), a[:, ::2, ::-1], a[2], a[0, 0]]:
        for ax in [None, 0, 1, -1]:
            if ax is not None and ax >= v.ndim:
                continue
            r = np.cumsum(v, axis=ax)
            p = np.cumprod(v, axis=ax)
            print(dt.__name__, ax, r.dtype, r.tolist(), p.dtype, p.tolist())
    print(np.cumsum(a, axis=1, dtype=np.float32).tolist())
    print(a.cumsum(axis=0, dtype=np.int32).tolist())
x = np.random.rand(100000).astype(np.float32)
print(np.cumsum(x)[-5:].tolist(), np.cumsum(x.reshape(100, 1000), axis=0)[-1, :5].tolist())
print(np.cumsum(x.reshape(1000, 100).T, axis=1)[:3, -1].tolist())
print(np.cumprod(np.full(70, 3, dtype=np.int64))[-1], np.cumsum(np.zeros((0, 3)), axis=0).shape)
print(np.cumprod(np.full(600, 10.0))[-1], np.cumsum(np.array([1.0, np.nan, 2.0])))
