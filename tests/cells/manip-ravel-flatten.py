import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.ravel())
print(np.ravel(a.T))
print(a.ravel(order='F'))
print(a.flatten())
print(a.T.flatten())
f = a.flatten()
f[0] = 99
print(a[0, 0])
r = a.ravel()
r[0] = 77
print(a[0, 0])
print(np.ravel(5))
print(a[:, ::-1].ravel())
