import numpy as np
a = np.arange(12).reshape(3, 4)
r = a[::-1, ::-1]
print(r[0])
print(r[[0, 2]])
print(r[r > 5])
print(r[1:, ::-2])
r[0, 0] = 99
print(a)
t = a.T[::-1]
print(t)
print(t[1, [0, 2]])
