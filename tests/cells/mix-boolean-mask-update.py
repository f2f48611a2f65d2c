import numpy as np
a = np.arange(-5, 6)
a[a < 0] = 0
print(a)
b = np.arange(12).reshape(3, 4)
b[b % 3 == 0] *= -1
print(b)
print(np.count_nonzero(b < 0), b[b < 0])
