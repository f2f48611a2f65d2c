import numpy as np
for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.uint64, np.float16, np.float32, np.float64]:
    a = np.array([5, 3, 100, 0, 7, 1], dtype=dt)
    print(np.sort(a), np.argsort(a))
print(np.sort(np.array([-128, 127, 0], dtype=np.int8)))
print(np.sort(np.array([2**62, 1, 9223372036854775807], dtype=np.uint64)))
