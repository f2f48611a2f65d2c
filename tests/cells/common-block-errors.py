# cells: skip-gpu NumPy's messages
import numpy as np
for f in (lambda: np.block([]), lambda: np.block([[1], 2]), lambda: np.block([[1, 2], [3]]),
          lambda: np.block((1, 2)), lambda: np.block([[1], ([2],)]), lambda: np.block([[1], [[]]]),
          lambda: np.block([[[]], [1]]), lambda: np.block([1, [[2], []]]), lambda: np.block([np.ones((2, 1)), [[7], [8]]])):
    try:
        print(repr(f()))
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
np.block([[1, 2], [[3]]])
