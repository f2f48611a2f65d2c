import numpy as np
# a ufunc prints as <ufunc 'name'>, under its own name for aliases
print(np.add, np.abs, np.conj, np.true_divide, np.ldexp, np.frexp, np.sin)
print([np.maximum, np.bitwise_not, np.mod])
print(repr(np.logaddexp), str(np.hypot))
