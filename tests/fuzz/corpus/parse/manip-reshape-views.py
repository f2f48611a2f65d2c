import numpy as np
a = np.arange(12)
b = a.reshape(3, 4)
b[0, 0] = 100
print(a[0])
print(np.shares_memory(a, b))
t = b.T
r = t.reshape(12)
print(r)
print(np.shares_memory(r, a))
c = b[:, ::2].reshape(6)
print(c)
e = np.zeros((0, 4)).reshape(4, 0)
print(e.shape)
z = np.array(3).reshape(1, 1)
print(z)
