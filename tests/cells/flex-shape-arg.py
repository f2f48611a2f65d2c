# The shape argument of np.zeros / np.empty / np.recarray with a flexible dtype: an int, a sequence,
# a 1-d integer array, and NumPy's TypeErrors for a float, None or a string.
# cells: skip-gpu string and record dtypes are host-only (CuPy has none)
import numpy as np

for sh in [3, (2,), [2, 1], 2.5, None, "a", np.array([2, 1]), np.int8(2), ()]:
    for f in [lambda: np.zeros(sh, dtype='U2'), lambda: np.empty(sh, dtype=[('a', 'i4')]),
              lambda: np.recarray(sh, dtype=[('a', 'i4')])]:
        try:
            print(repr(f().shape))
        except TypeError as e:
            print(type(e).__name__, e)
