import numpy as np
rng = np.random.default_rng(123)
print(rng.standard_normal(5))
print(repr(rng.standard_normal()))
print(rng.normal(5, 0.5, 4))
print(rng.normal(size=(2, 3)))
rng = np.random.default_rng(9)
print(rng.standard_normal(4).tolist())
