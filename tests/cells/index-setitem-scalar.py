import numpy as np
a = np.zeros(5)
a[0] = 1
a[-1] = 2.5
a[2] = True
print(a)
b = np.arange(6).reshape(2, 3)
b[1, 1] = 100
b[0] = 7
print(b)
b[:, 2] = -1
print(b)
c = np.zeros(4, dtype=np.int32)
c[1] = 3.9
c[2] = -2.7
print(c)
