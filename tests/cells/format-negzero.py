import numpy as np
print(repr(np.array([-0.0, 0.0])))
print(repr(np.array([-0.0])))
print(np.array([-0.0, 1.5]))
print(repr(np.float64(-0.0)))
print(repr(np.array([-0.0 + 1j, 1 + 1j])))
