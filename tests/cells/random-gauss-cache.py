import numpy as np
np.random.seed(2)
x = np.random.randn()
y = np.random.rand()
z = np.random.randn()
print(repr(x), repr(y), repr(z))
np.random.seed(2)
print(np.random.randn(3).tolist())
