import numpy as np
n = 10
u = np.zeros(n)
u[n // 2] = 1.0
for step in range(20):
    u[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2 * u[1:-1] + u[:-2])
print(np.round(u, 5))
print(f'{u.sum():.6f}')
