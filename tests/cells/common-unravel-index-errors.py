# cells: skip-gpu NumPy's messages for bad indices, shapes, modes and orders
import numpy as np
cases = [
    lambda: np.unravel_index(12, (3, 4)),
    lambda: np.unravel_index(-1, (3, 4)),
    lambda: np.unravel_index(1.0, (3, 4)),
    lambda: np.unravel_index([1.0], (3, 4)),
    lambda: np.unravel_index([], (3, 4)),
    lambda: np.unravel_index(1, (3, 4), order='X'),
    lambda: np.unravel_index(1, (3, 4), order='A'),
    lambda: np.unravel_index(1, (3, 0)),
    lambda: np.ravel_multi_index((1, 5), (3, 4)),
    lambda: np.ravel_multi_index((-1, 2), (3, 4)),
    lambda: np.ravel_multi_index((1, 5), (3, 4), mode='x'),
    lambda: np.ravel_multi_index((1, 2), (3, 4), mode=('clip',)),
    lambda: np.ravel_multi_index((1, 2), (3, 4), mode=5),
    lambda: np.ravel_multi_index((1, 2), (3, 4), mode=1.5),
    lambda: np.ravel_multi_index((1, 2), (3, 4), order='K'),
    lambda: np.ravel_multi_index((1,), (3, 4)),
    lambda: np.ravel_multi_index((1.0, 2), (3, 4)),
    lambda: np.ravel_multi_index(([1, 2], [1, 2, 3]), (3, 4)),
    lambda: np.ravel_multi_index((1, 2), (3, 0)),
]
for f in cases:
    try:
        print(repr(f()))
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
np.unravel_index([3, 99], (4, 5))
