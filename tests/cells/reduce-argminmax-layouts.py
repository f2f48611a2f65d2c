# argmin/argmax read in place: rows (any stride), lanes down contiguous
# columns, axis=None of contiguous blocks; first winner, first NaN wins
import numpy as np
np.random.seed(1)
for dt in [np.float32, np.float64, np.int64, np.int32, np.int8, np.uint16, np.bool_, np.complex128]:
    a = (np.random.rand(5, 6, 7) * 4).astype(dt)
    if dt in (np.float32, np.float64):
        a[1, 2, 3] = np.nan
        a[3, :, 4] = np.nan
        a[4, 1, :] = -0.0
    for v in [a, a.transpose(2, 0, 1), a[:, ::2, ::-1], a[2], a[2, 3], a[:, 1:2, :]]:
        for ax in [None, 0, 1, -1]:
            if ax is not None and ax >= v.ndim:
                continue
            print(dt.__name__, ax, np.argmax(v, axis=ax).tolist(), v.argmin(axis=ax).tolist())
    print(np.argmax(a, axis=1, keepdims=True).shape, a.argmin(axis=None, keepdims=True).shape)
x = np.random.rand(100000)
x[77777] = 2.0
x[88888] = 2.0
print(x.argmax(), x.reshape(100, 1000).argmax(axis=0)[:5], x.reshape(1000, 100).T.argmax(axis=1)[:5])
x[5000] = np.nan
print(x.argmax(), x.argmin(), x.reshape(1000, 100).argmax(axis=0)[:3], x.reshape(100, 1000).argmin(axis=1)[3:7])
i = np.arange(100000, dtype=np.int64) % 977
print(i.argmax(), i.argmin(), i[::-3].argmax(), i.reshape(400, 250).argmax(axis=0)[:4])
print(np.zeros((3, 0)).argmax(axis=0).shape)
