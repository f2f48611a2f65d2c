# unique_counts / unique_inverse / unique_all: NumPy's named tuples, the inverse in x's shape
import numpy as np
x = np.array([3, 1, 1, 2, 3, 3])
print(np.unique_counts(x), np.unique_inverse(x), np.unique_all(x), sep='\n')
print(np.unique_inverse(np.array([[1, 2], [2, 1]])))
r = np.unique_all([1.5, 0.5, 1.5])
print(r.values, r.indices, r.inverse_indices, r.counts, len(r))
v, c = np.unique_counts(np.array([], dtype=np.int8))
print(v, c)
