import numpy as np
np.random.seed(7)
print(np.random.uniform(-1, 1, 5))
print(np.random.normal(10, 2, 4))
print(repr(np.random.uniform()))
print(np.random.normal(size=(2, 2)))
print(np.random.uniform(np.zeros(3), np.arange(1, 4)))
print(np.random.normal([0, 100], 1))
