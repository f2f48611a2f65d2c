import numpy as np
print(np.diff(np.array([1, 4, 9, 16, 25])), np.diff(np.array([1, 4, 9, 16, 25]), n=2), np.diff(np.array([1, 2]), n=0))
a = np.array([[1, 3, 6], [10, 15, 21]])
print(np.diff(a), np.diff(a, axis=0), np.diff(a, n=2, axis=1))
print(np.diff(np.array([True, False, False, True])), np.diff(np.array([1.5, 1.0, 0.25])), np.diff(np.array([5])))
print(np.diff(np.array([1, 200], dtype=np.uint8)))
