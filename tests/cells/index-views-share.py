import numpy as np
a = np.arange(10)
v = a[2:8:2]
v[0] = 100
print(a)
print(np.shares_memory(a, v))
w = a[::-1]
w[0] = -1
print(a)
c = a[[1, 2]]
c[0] = 555
print(a)
print(np.shares_memory(a, c))
m = np.arange(12).reshape(3, 4)
row = m[1]
row += 10
print(m)
