# sums of small ints and bools, any/all and count_nonzero read the source
# dtype in place (no converted copy), stopping early where the answer is known
import numpy as np
np.random.seed(3)
for dt in [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]:
    a = (np.random.rand(4, 5, 600) * 3).astype(dt)
    if dt in (np.float32, np.float64):
        a[1, 2, 3] = np.nan
        a[2] = -0.0
    for v in [a, a.transpose(2, 0, 1), a[:, ::2, ::-1], a[2], a[0, 0]]:
        for ax in [None, 0, 1, -1, (0, -1)]:
            if ax is not None and (v.ndim < 3 if ax == (0, -1) else ax >= v.ndim):
                continue
            print(dt.__name__, ax, v.any(axis=ax).tolist(), np.all(v, axis=ax).tolist(), np.count_nonzero(v, axis=ax))
            if dt not in (np.float32, np.float64):
                s = v.sum(axis=ax)
                print(s.dtype, s.tolist(), np.sum(v, axis=ax, keepdims=True).shape)
big = np.full(100003, 200, dtype=np.uint8)
print(big.sum(), big[::3].sum(), (np.arange(70000) % 2 == 0).sum(), np.int8(-128) * np.ones(1000, np.int8).sum())
print(np.ones(5000, bool).all(), np.zeros(5000, bool).any(), np.zeros((0,), bool).all(), np.zeros((0, 3), bool).any(axis=0))
i32 = np.array([2**31 - 1] * 5, dtype=np.int32)
print(i32.sum(), i32.sum(dtype=np.int32), np.array([2**63 - 1, 1], dtype=np.int64).sum())
