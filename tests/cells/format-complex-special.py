import numpy as np
print(repr(np.array([np.nan + 1j, complex(3, -np.inf)])))
print(repr(np.array([complex(-0.0, -0.0), 1 + 1j])))
print(repr(np.array([complex(np.inf, np.nan), complex(-np.inf, 0.5)])))
