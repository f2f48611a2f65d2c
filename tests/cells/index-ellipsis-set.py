import numpy as np
a = np.zeros((2, 3, 4), dtype=int)
a[..., 0] = 1
a[0, ..., -1] = 2
a[:, 1, ...] += 10
print(a)
