import numpy as np
a = np.arange(10) * 2
for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    idx = np.array([1, 3], dtype=dt)
    print(dt.__name__ if False else idx.dtype, a[idx])
