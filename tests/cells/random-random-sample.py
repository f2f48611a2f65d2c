import numpy as np
np.random.seed(42)
print(np.random.random(4))
print(np.random.random_sample((2, 2)))
print(repr(np.random.random()))
print(np.random.random(size=3).tolist())
