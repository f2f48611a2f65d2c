import numpy as np
a = np.array([[0, 1, 2], [0, 0, 3]])
print(a.any(), a.all(), a.any(axis=0), a.all(axis=1), np.any(a, axis=1, keepdims=True))
# before the lists below, which CuPy rejects: its run prints this line (ndarray: its
# reductions return 0-d arrays) for the GPU comparison
print(repr(np.all(a > -1)), repr(np.any(a > 5)), type(np.all(a)).__name__)
print(np.all([]), np.any([]), np.all(np.array([np.nan])), np.any(np.array([0.0, -0.0])))
