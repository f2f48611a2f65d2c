# float64 sums of float32/int arrays cast as they are read, 8192 items at a
# time (NumPy's buffer): rows summed pairwise per buffer, full sums with the
# buffer filling across rows, lanes down columns; every layout
import numpy as np
np.random.seed(10)
x = np.random.rand(3, 40, 9000).astype(np.float32)
for v in [x, x.transpose(2, 0, 1), x[:, ::3, ::-2], x[1], x[1, 5]]:
    for ax in [None, 0, -1, (0, 1)]:
        if isinstance(ax, tuple) and v.ndim < 3 or ax == 0 and v.ndim < 2:
            continue
        print(v.ndim, ax, repr(v.sum(axis=ax, dtype=np.float64)[..., :4]), repr(np.mean(v, axis=ax, dtype=np.float64)[..., :3]))
for dt in [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.bool_]:
    i = (np.random.rand(30, 20001) * 200 - (0 if dt in (np.uint8, np.uint16, np.uint32, np.bool_) else 100)).astype(dt)
    print(dt.__name__, repr(i.mean()), repr(i.mean(axis=1)[:4]), repr(i.mean(axis=0)[:4]), repr(i.T.mean(axis=0)[:3]))
    print(repr(i[::2, ::7].mean()), repr(i.sum(dtype=np.float64)), repr(np.average(i, axis=1)[:2]))
print(repr(np.arange(100000, dtype=np.int64).mean()), repr(np.zeros((0, 5), np.int32).mean(axis=0)))
