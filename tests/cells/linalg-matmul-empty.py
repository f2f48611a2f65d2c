import numpy as np
print(repr(np.ones((2, 0)) @ np.ones((0, 3))))
print(repr(np.ones((0, 2)) @ np.ones((2, 3))))
print(repr(np.ones((3, 0, 2)) @ np.ones((2, 4))))
