import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.reshape(3, 2).T)
print(a.swapaxes(0, 1))
print(a.transpose(1, 0).ravel())
print(a[None].squeeze())
print(a.repeat(2))
print(a.flatten(order='F'))
