# np.pad with a dict pad_width (NumPy 2.3: {axis: width or (before, after)}, other axes 0)
import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.pad(a, {1: (1, 2)})), repr(np.pad(a, {-1: 2})))
print(repr(np.pad(a, {0: (3, 0)})), repr(np.pad(a, {0: (3, 0), 1: 2})))
print(repr(np.pad(a, {0: 1}, mode='edge')), repr(np.pad(a, {})))
for w in [{2: 1}, {0: (1, 2, 3)}]:
    try:
        np.pad(a, w)
    except (IndexError, AssertionError) as e:
        print(type(e).__name__, e)
