import numpy as np
a = np.arange(100000, dtype=np.float64)
idx = np.arange(0, 100000, 997)
print(a[idx].sum())
m = a.reshape(100, 1000)
print(m[::7, ::13].sum())
print(m[m % 1001 == 0].sum())
m2 = m.copy()
m2[m2 > 50000] = 0
print(m2.sum())
