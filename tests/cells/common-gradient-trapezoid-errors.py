# cells: skip-gpu NumPy's messages
import numpy as np
for f in (lambda: np.trapezoid([1, 2, 3], axis=1), lambda: np.gradient([1, 2], edge_order=2),
          lambda: np.gradient([1, 2, 3], edge_order=3), lambda: np.gradient([1, 2, 3], 1, 2),
          lambda: np.gradient([1, 2, 3], [1, 2]), lambda: np.gradient([1, 2, 3], [[1, 2, 3]]),
          lambda: np.gradient([1, 2, 3], axis=1), lambda: np.gradient(np.ones((2, 2)), axis=(0, 0))):
    try:
        print(repr(f()))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__ + ':', e)
np.gradient([5])
