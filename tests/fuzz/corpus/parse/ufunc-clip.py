import numpy as np
a = np.arange(10)
print(np.clip(a, 2, 7), np.clip(a, None, 4), np.clip(a, 5, None), a.clip(1, 3))
f = np.array([-1.5, np.nan, 0.5, 9.0])
print(np.clip(f, -1, 1), np.clip(f, np.array([0, 0, 1, 2]), 3))
print(np.clip(np.arange(4, dtype=np.int8), 1, 2).dtype, np.clip(np.arange(4), 0.5, 2.5))
o = np.zeros(10, dtype=np.int64)
np.clip(a, 3, 6, out=o)
print(o)
