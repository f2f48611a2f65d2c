import numpy as np
c = np.array([1 + 2j, 0 - 1j, -0.5j])
print(c)
print(repr(c))
print(repr(np.array([1e10 + 1j, 1j])))
print(repr(np.array([[1 + 1j, 2 - 2.5j], [-3 + 0.25j, 4j]])))
print(repr(np.array([1 + 2j, 0.1 - 0.2j], dtype=np.complex64)))
print(repr(np.array([np.nan + 1j, 3 + 1j])))
