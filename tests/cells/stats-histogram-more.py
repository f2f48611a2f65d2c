import numpy as np
x = np.linspace(0, 1, 101) if False else np.arange(101) / 100.0
h, e = np.histogram(x, bins=7)
print(h)
print(e)
h, e = np.histogram(x ** 2, bins=5, weights=np.ones(101) * 0.5)
print(h)
f = np.array([0.1, 0.2, 0.25, 0.9], dtype=np.float32)
h, e = np.histogram(f, bins=2)
print(h, e, e.dtype)
print(np.histogram(np.array([1, 2, 3]), bins=[1, 2, 3]))
