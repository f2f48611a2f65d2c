import numpy as np
vals = np.array([1, 3, 3, 2, 5, 1, 1, 4, 2, 3, 3, 0])
print(np.bincount(vals))
counts, edges = np.histogram(vals, bins=3)
print(counts, edges)
u, c = np.unique(vals, return_counts=True)
print(u, c)
print(dict(zip(u.tolist(), c.tolist())))
