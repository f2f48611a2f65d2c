import numpy as np
# cells: skip-gpu cp's ufuncs keep the function repr in Lumen
# a ufunc prints as <ufunc 'name'>, under its own name for aliases
print(np.add, np.abs, np.conj, np.true_divide, np.ldexp, np.frexp, np.sin)
print([np.maximum, np.bitwise_not, np.mod])
print(repr(np.logaddexp), str(np.hypot))
