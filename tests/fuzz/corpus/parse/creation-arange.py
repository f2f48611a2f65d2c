import numpy as np
print(np.arange(5), np.arange(1, 10, 3), np.arange(10, 0, -3), np.arange(-3, 3, 2), np.arange(0))
print(np.arange(0, 1, 0.1), np.arange(1, 2.5, 0.5), np.arange(3.0), np.arange(0.5, 3))
print(np.arange(5, dtype=np.float32), np.arange(4, dtype=np.uint8), np.arange(3, dtype=complex))
print(np.arange(10, 0), np.arange(0, -1, 0.25), len(np.arange(0, 1, 1 / 3)), np.arange(1, 2, 0.3))
print(np.arange(True, 3), np.arange(2.0, 3.0, 0.1).shape, np.arange(-1.5, 1.5).dtype)
try:
    np.arange(0, 10, 0)
except ZeroDivisionError as e:
    print('ZeroDivisionError:', e)
