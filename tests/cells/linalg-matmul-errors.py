import numpy as np
try:
    np.ones((2, 3)) @ np.ones((2, 2))
except ValueError as e:
    print("ValueError:", e)
try:
    np.ones(3) @ np.ones(2)
except ValueError as e:
    print("ValueError:", e)
try:
    np.matmul(np.ones(3), 2.0)
except ValueError as e:
    print("ValueError:", e)
np.ones((2, 2)) @ np.ones((3, 3))
