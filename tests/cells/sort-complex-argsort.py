import numpy as np
c = np.array([2 + 1j, 1 + 5j, 2 - 1j, 1 + 0j])
print(np.sort(c))
print(np.argsort(c))
print(np.sort(c.real), np.sort(c.imag))
print(np.unique(c))
