import numpy as np
a = np.arange(3)
print(np.asarray(a) is a, np.array(a) is a, np.ascontiguousarray(a[::-1]), np.copy(a))
print(np.isscalar(3.0), np.isscalar(np.float32(1)), np.isscalar(np.array(1)), np.isscalar([1]))
print(np.pi, np.e, np.inf, -np.inf, np.nan, np.newaxis, np.euler_gamma)
print(isinstance(np.arange(3), np.ndarray), type(np.arange(3)), type(np.float32(1)))
