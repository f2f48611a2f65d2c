# cells: skip-gpu NumPy's messages
import numpy as np
a = np.arange(6).reshape(2, 3)
x = np.arange(6)
cases = [
    lambda: np.append(a, [7, 8, 9], axis=0),
    lambda: np.append(a, [7, 8, 9], axis=2),
    lambda: np.delete(x, 6), lambda: np.delete(x, -7), lambda: np.delete(x, [6]), lambda: np.delete(x, [1, 6]),
    lambda: np.delete(a, [3, 0], axis=1), lambda: np.delete(a, [3], axis=1),
    lambda: np.delete(x, [True, False]), lambda: np.delete(x, True), lambda: np.delete(x, 1.0),
    lambda: np.delete(x, [1.0]), lambda: np.delete(x, np.array([])), lambda: np.delete(a, 0, axis=2),
    lambda: np.insert(x, 7, 1), lambda: np.insert(x, [-7], 1), lambda: np.insert(x, 1.0, 7),
    lambda: np.insert(x, [[1]], 7), lambda: np.insert(x, [[1, 2]], 7), lambda: np.insert(x, [1, 9], 7),
    lambda: np.insert(x, [1, 2], [7, 8, 9]), lambda: np.insert(x, np.array([]), 7),
    lambda: np.insert(x, 1, [[1, 2], [3, 4]]), lambda: np.insert(x, [True, False], 7),
    lambda: np.insert(x, np.array([[True]]), 7), lambda: np.insert(a, 0, 1, axis=-3),
]
for f in cases:
    try:
        print(repr(f()))
    except (ValueError, TypeError, IndexError, AttributeError) as e:
        print(type(e).__name__ + ':', e)
np.delete(x, 99)
