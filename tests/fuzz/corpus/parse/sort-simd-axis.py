import numpy as np
# sort, argsort and partition along each axis of large 2-D arrays
rng = np.random.default_rng(3)
for dt in [np.float32, np.float64, np.int32, np.int64, np.int16, np.uint8, np.float16]:
    m = (rng.standard_normal((300, 1000)) * 500).astype(dt)
    for ax in [0, 1, -1, None]:
        s = np.sort(m, axis=ax)
        a = np.argsort(m, axis=ax, kind='stable')
        print(np.dtype(dt).name, ax, s.ravel()[::9973].tolist(), int((a * 3 % 1000003).sum()))
    p = np.partition(m, 500, axis=1)
    print(p[:, 500][:8].tolist(), bool(np.all(p[:, :500] <= p[:, 500:501])))
    print(np.array_equal(np.sort(p, axis=1), np.sort(m, axis=1)))
    c = m.T.copy()
    c.sort(axis=0)
    print(np.array_equal(c, np.sort(m.T, axis=0)))
