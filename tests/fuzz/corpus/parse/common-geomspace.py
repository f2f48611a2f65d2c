import numpy as np
print(np.geomspace(1, 1000, 4), np.geomspace(-1000, -1, 4), np.geomspace(1j, 1000j, 4))
print(np.geomspace(1, 256, 9, endpoint=False))
print(np.geomspace(-1 + 0j, 1 + 0j, 5))
print(np.geomspace([1, 10], [100, 1000], 3))
print(np.geomspace([1, 10], [100, 1000], 3, axis=1), np.geomspace(1, 2, 3, dtype=int))
print(np.geomspace(2, 2, 1), repr(np.geomspace(1, 2, 0)), repr(np.geomspace(np.float32(1), np.float32(100), 3)))
print(repr(np.geomspace(1, 100, 3, dtype=np.float32)), np.geomspace(1, 1e6, 7), np.geomspace(0.1, 100, 5))
print(np.geomspace(3, 1, 5), np.geomspace(1 + 1j, 100 + 100j, 3))
print(np.geomspace(1, 10))
try:
    np.geomspace(0, 1)
except ValueError as e:
    print('ValueError:', e)
