import numpy as np
print(np.linspace(0, 1, 5), np.linspace(0, 10, 4, dtype=int), np.linspace(0, 1, 1), np.linspace(0, 1, 0))
print(np.linspace(2, 3, 4, retstep=True), np.linspace(0, 1, 5, endpoint=False), np.linspace(-1, 1, 3, dtype=np.float32))
print(np.linspace(1, 1, 3), np.linspace(0, 1e-300, 3), np.linspace(10, 0, 6))
print(np.logspace(0, 2, 3), np.logspace(0, 3, 4, base=2), np.logspace(0, 1, 3, endpoint=False))
try:
    np.linspace(0, 1, -1)
except ValueError as e:
    print('ValueError:', e)
