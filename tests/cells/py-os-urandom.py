# os.urandom(n): n random bytes (a seed source for np.random.seed)
import os
import numpy as np
b = os.urandom(16)
print(type(b).__name__, len(b), os.urandom(0), len(set(os.urandom(32) for _ in range(4))))
seed = sum(x << (8 * i) for i, x in enumerate(os.urandom(4)))
np.random.seed(seed)
print(0 <= seed < 2**32, np.random.rand(2).shape)
try:
    os.urandom(-1)
except ValueError as e:
    print("ValueError:", e)
