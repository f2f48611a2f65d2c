import numpy as np
a = np.array([3.0, np.nan, 1.0, np.inf, -np.inf, np.nan, 0.0])
print(np.sort(a))
print(np.argsort(a))
m = np.array([[np.nan, 1.0], [2.0, np.nan]])
print(np.sort(m, axis=0))
print(np.sort(np.array([1 + 2j, np.nan, 1 - 1j, 0 + 5j])))
print(np.sort(np.array([2.5, np.nan], dtype=np.float32)))
