import numpy as np
np.random.seed(0)
print(np.random.choice(10, 5))
print(repr(np.random.choice(5)))
print(np.random.choice([10, 20, 30], size=(2, 3)))
print(np.random.choice(10, 5, replace=False))
print(np.random.choice(5, 3, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(repr(np.random.choice([1.5, 2.5])))
