import numpy as np
data = np.array([[1.0, 200.0, 3.0], [2.0, 180.0, 4.5], [3.0, 220.0, 6.0], [4.0, 210.0, 7.5]])
mu = data.mean(axis=0)
sd = data.std(axis=0)
z = (data - mu) / sd
print(mu)
print(np.round(sd, 4))
print(np.round(z, 3))
print(np.allclose(z.mean(axis=0), 0), np.allclose(z.std(axis=0), 1))
