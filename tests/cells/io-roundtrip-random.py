import numpy as np
rng = np.random.default_rng(0)
x = rng.standard_normal((3, 3))
np.save('r.npy', x)
y = np.load('r.npy')
print(np.array_equal(x, y), y.dtype)
print(y.tolist() == x.tolist())
