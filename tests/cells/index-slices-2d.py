import numpy as np
a = np.arange(20).reshape(4, 5)
print(a[1:3, 2:])
print(a[:, 1])
print(a[::2, ::-2])
print(a[-1, ::-1])
print(a[1:, :-1].shape)
print(a[::-1, ::-1])
print(a[3:1:-1, 4:0:-2])
