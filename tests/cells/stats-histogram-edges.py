# histogram with explicit edges (a search without branches): values on the
# edges, the closed last bin, repeated edges, outside values, NaN, weights
import numpy as np
np.random.seed(7)
x = np.random.rand(10000) * 12 - 1
edges = np.sort(np.random.rand(37)) * 10
print(np.histogram(x, bins=edges)[0].tolist())
e2 = np.array([0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 5.0, 10.0])
v = np.array([0.0, 1.0, 1.5, 2.0, 4.999, 5.0, 10.0, 10.5, -0.1, np.nan, 2.0, 1.0])
print(np.histogram(v, bins=e2)[0].tolist(), np.histogram(v, bins=e2, weights=np.arange(12.0))[0].tolist())
print(np.histogram(x.astype(np.float32), bins=[-1, 0, 0.5, 11])[0].tolist(), np.histogram(np.arange(20), bins=[0, 5, 19])[0].tolist())
print(np.histogram(x, bins=edges, density=True)[0][:6].tolist(), np.histogram(x, bins=[3.0, 4.0])[0].tolist())
