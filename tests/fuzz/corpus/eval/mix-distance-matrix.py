import numpy as np
pts = np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0], [-2.0, 2.0]])
diff = pts[:, None, :] - pts[None, :, :]
d = np.sqrt((diff ** 2).sum(axis=-1))
print(np.round(d, 3))
print(d.shape, np.allclose(d, d.T))
nearest = np.argsort(d, axis=1)[:, 1]
print(nearest)
