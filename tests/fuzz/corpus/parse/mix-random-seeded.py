import numpy as np
np.random.seed(42)
a = np.random.rand(3)
print(a)
b = np.random.randint(0, 10, size=5)
print(b)
rng = np.random.default_rng(0)
print(rng.random(3))
print(rng.integers(0, 100, size=4))
