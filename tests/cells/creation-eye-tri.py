import numpy as np
print(np.eye(3), np.eye(2, 3, k=1, dtype=int), np.eye(3, k=-2), np.eye(0).shape)
print(np.identity(2), np.identity(3, dtype=bool), np.tri(3), np.tri(3, 4, k=-1), np.tri(2, dtype=int))
m = np.arange(1, 10).reshape(3, 3)
print(np.triu(m), np.tril(m), np.triu(m, 1), np.tril(m, -1), np.triu(np.arange(1, 4)))
