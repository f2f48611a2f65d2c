import numpy as np
x = np.linspace(-2, 2, 9)
y = x ** 3 - 2 * x + 1
print(x)
print(y)
dy = 3 * x ** 2 - 2
print(dy)
sign_change = np.nonzero(np.diff(np.sign(y)))[0]
print(sign_change, x[sign_change])
