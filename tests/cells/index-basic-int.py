import numpy as np
a = np.arange(12).reshape(3, 4)
print(a[0])
print(a[-1])
print(a[1, 2], a[-1, -1], a[2][3])
print(a[1, -4])
b = np.arange(5.0)
print(b[3], b[-5])
