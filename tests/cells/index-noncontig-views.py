import numpy as np
a = np.arange(30).reshape(5, 6)
v = a[1::2, ::3]
print(v)
print(v[1])
print(v[:, [1, 0]])
print(v[v > 10])
t = a.T
print(t[2])
print(t[[1, 2], 3])
print(t[1:3, ::2])
