import numpy as np
np.set_printoptions(precision=3)
print(repr(np.array([np.pi, 1.0, 2.12345])))
print(np.array([np.pi, 1e-5]))
np.set_printoptions(precision=0)
print(np.array([np.pi, 1.5, 2.5]))
np.set_printoptions(precision=8)
print(repr(np.array([np.pi])))
