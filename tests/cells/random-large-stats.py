import numpy as np
np.random.seed(0)
x = np.random.rand(100000)
print(np.round(x.mean(), 6), np.round(x.std(), 6))
rng = np.random.default_rng(0)
y = rng.standard_normal(100000)
print(np.round(y.mean(), 6), np.round(y.std(), 6))
print(y[-3:].tolist())
print(np.random.randn(100000)[-2:].tolist())
