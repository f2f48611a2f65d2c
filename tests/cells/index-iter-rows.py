import numpy as np
a = np.arange(6).reshape(3, 2)
for row in a:
    print(row, row.sum())
for x in a[:, 1]:
    print(x)
print(len(a), len(a[0]))
