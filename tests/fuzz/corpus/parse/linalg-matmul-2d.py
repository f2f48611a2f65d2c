import numpy as np
a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4)
print(a @ b)
print(np.matmul(a, b))
print((a @ b).dtype, (a @ b).shape)
