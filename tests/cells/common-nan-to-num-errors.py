# cells: skip-gpu NumPy's message for complex input
import numpy as np
try:
    np.isposinf(np.array([1j]))
except TypeError as e:
    print('TypeError:', e)
np.isneginf(1j)
