import numpy as np
np.random.seed(0)
print(np.random.rand(0).shape, np.random.rand(2, 0, 3).shape)
print(repr(np.random.randint(0, 5, size=())))
rng = np.random.default_rng(0)
print(rng.random((0,)).shape, rng.integers(0, 3, (2, 1, 2)).shape)
print(rng.standard_normal((3,)).shape)
