import numpy as np
np.random.seed(0)
print(np.random.rand(5))
print(np.random.rand(2, 3))
print(repr(np.random.rand()))
np.random.seed(12345)
print(np.random.rand(3).tolist())
