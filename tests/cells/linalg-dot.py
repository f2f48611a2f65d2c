import numpy as np
a = np.arange(6.0).reshape(2, 3)
b = np.arange(6.0).reshape(3, 2)
print(np.dot(a, b))
print(a.dot(b))
print(np.dot(3, 4))
print(np.dot([1, 2, 3], [4, 5, 6]))
print(np.dot(a, 2.0))
x = np.arange(24.0).reshape(2, 3, 4)
y = np.arange(20.0).reshape(4, 5)
print(np.dot(x, y).shape)
print(np.dot(x, y)[1])
try:
    np.dot(a, a)
except ValueError as e:
    print("ValueError:", e)
