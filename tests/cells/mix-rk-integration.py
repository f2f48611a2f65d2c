import numpy as np
def f(t, y):
    return -2.0 * y
h = 0.1
y = 1.0
for i in range(10):
    t = i * h
    k1 = f(t, y)
    k2 = f(t + h / 2, y + h / 2 * k1)
    k3 = f(t + h / 2, y + h / 2 * k2)
    k4 = f(t + h, y + h * k3)
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
print(f'{y:.8f} {np.exp(-2.0):.8f}')
