import numpy as np
a = np.arange(5)
a += 1
a *= 3
a -= np.array([1, 1, 1, 1, 1])
a //= 2
print(a)
f = np.ones(3, dtype=np.float32)
f += np.arange(3)
f /= 4
f **= 2
print(f, f.dtype)
b = np.arange(6)
b[1:] += b[:-1]
print(b)
c = np.arange(4)
c[::-1] += c
print(c)
m = np.array([True, False])
m |= np.array([False, True])
print(m)
