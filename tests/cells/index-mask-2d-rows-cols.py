import numpy as np
a = np.arange(20).reshape(4, 5)
rows = a[:, 0] % 10 == 0
cols = a[0] % 2 == 1
print(a[rows])
print(a[:, cols])
print(a[rows][:, cols])
a[:, cols] = -1
print(a)
