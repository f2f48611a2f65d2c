# `obj in x` for an ndarray x is (x == obj).any(); when x == obj gives one answer (an object
# NumPy cannot compare item by item: a function, a string), that answer decides. The fuzzer
# found `print in z` calling through a NULL slot.
import numpy as np
z = np.arange(6)
print(print in z, print not in z, 3 in z, 7 in z, "a" in z, None in z)
print(2.0 in z.reshape(2, 3), [0, 1] in np.array([[0, 1], [2, 3]]))
