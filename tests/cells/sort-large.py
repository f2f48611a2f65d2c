import numpy as np
a = np.arange(100000, dtype=np.float64)
b = (a * 7919) % 100003
s = np.sort(b)
print(s[:5], s[-5:])
print(np.all(s[1:] >= s[:-1]))
idx = np.argsort(b)
print(idx[:5])
print(np.array_equal(b[idx], s))
m = b.reshape(100, 1000)
sm = np.sort(m, axis=0)
print(sm[0, :5], sm[-1, :5])
