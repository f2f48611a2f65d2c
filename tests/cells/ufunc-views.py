import numpy as np
a = np.arange(12).reshape(3, 4)
print(a[:, ::2] + a[:, 1::2])
print(a[::-1] * 2, a.T - 1, sep='\n')
print(a[1:, 1:] + a[:-1, :-1])
r = np.arange(10)[::-3]
print(r, r + r, np.sqrt(r))
print(a[:, 1] * a[1, :3], a[::2, ::-2] ** 2)
