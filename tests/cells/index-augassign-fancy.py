import numpy as np
a = np.zeros(5, dtype=int)
a[[0, 0, 1]] += 1
print(a)
a[[2, 2]] -= 5
print(a)
b = np.ones((3, 3))
b[b > 0] *= 3
print(b)
b[1] += [1, 2, 3]
print(b)
b[:, ::2] /= 2
print(b)
