import numpy as np
np.random.seed(1)
print(np.random.randn(5))
print(repr(np.random.randn()))
print(np.random.randn(2, 2))
print(np.random.standard_normal(3).tolist())
