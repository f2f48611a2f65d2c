import numpy as np
a = np.arange(5, dtype=np.float32)
s = a.sum()
print(s, type(s).__name__, repr(s))
m = np.int64(7) * 3
print(m, repr(m))
print(float(a.mean()), int(a.max()), a[2].item())
print(np.float64(1) / 3)
