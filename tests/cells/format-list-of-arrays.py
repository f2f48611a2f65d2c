import numpy as np
a = np.arange(3)
print([a, a * 2])
print((np.float64(1.5), np.int64(2)))
print(str(np.arange(4.0)))
print(f"{np.arange(3)}")
x = np.linspace(0, 1, 5)
print("x =", x)
