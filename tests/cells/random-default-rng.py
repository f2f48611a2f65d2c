import numpy as np
rng = np.random.default_rng(42)
print(rng.random(5))
print(repr(rng.random()))
print(rng.random((2, 2)))
rng = np.random.default_rng(0)
print(rng.random(3).tolist())
print(np.random.default_rng(2**40 + 3).random(2).tolist())
print(np.random.default_rng([1, 2]).random(2).tolist())
