import numpy as np
np.set_printoptions(linewidth=20)
print(np.arange(10, dtype=float))
np.set_printoptions(linewidth=75, threshold=5)
print(repr(np.arange(10)))
np.set_printoptions(edgeitems=1)
print(repr(np.arange(36).reshape(6, 6)))
np.set_printoptions(threshold=1000, edgeitems=3)
print(repr(np.arange(10)))
