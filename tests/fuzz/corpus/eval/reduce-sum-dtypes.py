import numpy as np
for dt in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64):
    a = np.ones(5, dtype=dt)
    print(dt.__name__, repr(a.sum()), a.sum().dtype, a.prod().dtype, np.cumsum(a).dtype)
print(np.arange(5, dtype=np.int8).sum(dtype=np.int8), np.arange(200, dtype=np.uint8).sum(dtype=np.uint8))
print(repr(np.sum([1, 2.5])), repr(np.sum([[True, False], [True, True]], axis=0)))
