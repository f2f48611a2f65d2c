import numpy as np
rng = np.random.default_rng(12345)
n = 100000
xy = rng.random((n, 2))
inside = (xy ** 2).sum(axis=1) <= 1.0
est = 4 * inside.mean()
print(f'{est:.4f}', abs(est - np.pi) < 0.05)
