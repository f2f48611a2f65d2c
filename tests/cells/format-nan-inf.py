import numpy as np
print(repr(np.array([np.nan, np.inf, -np.inf])))
print(repr(np.array([1.5, np.nan, 2.0])))
print(repr(np.array([1.0, -np.inf, 1e-5])))
print(np.array([[np.nan, 1.0], [2.0, np.inf]]))
print(repr(np.array([np.nan, 0.1, np.inf], dtype=np.float32)))
