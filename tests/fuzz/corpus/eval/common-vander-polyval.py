import numpy as np
print(np.vander([1, 2, 3]), np.vander([1, 2, 3], 2), np.vander([1, 2, 3], increasing=True))
print(np.vander(np.array([1.5, 2]), 4), np.vander([1j, 2]), repr(np.vander([1, 2], 0)))
print(np.vander(np.array([3], dtype=np.int8), 5), np.vander([True, False]), np.vander(np.array([2], np.uint64), 3))
print(repr(np.polyval([3, 0, 1], 5)), np.polyval([3, 0, 1], [1, 2, 3]), np.polyval([3.5, 0, 1], np.array([[1, 2]])))
print(repr(np.polyval([1, -2], 0.5)), repr(np.polyval([], 2)), repr(np.polyval(np.array([1, 2], dtype=np.float32), 3)))
print(repr(np.polyval([1j, 2], 1 + 1j)), np.polyval([0.1, 0.2, 0.3], np.linspace(-1, 1, 5)))
try:
    np.vander([[1]])
except ValueError as e:
    print('ValueError:', e)
