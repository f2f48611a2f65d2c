import numpy as np
a = np.arange(24).reshape(4, 6)
print(a[1:][::2][:, [1, 2]])
print(a[a[:, 0] > 5][:, ::-1])
print(a[[3, 0]][0][2:4])
print(a.T[1][[0, 3]])
