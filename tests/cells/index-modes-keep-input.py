# np.choose modes, np.insert and np.delete leave the caller's index and mask arrays
# as they were (their host copies are rewritten, never the arrays themselves)
import numpy as np
i = np.array([0, 5, -1])
print(np.choose(i, [10, 20, 30], mode='wrap'), i, np.choose(i, [10, 20, 30], mode='clip'), i)
o = np.array([1, -1])
print(np.insert(np.arange(5), o, 9), o)
m = np.array([True, False, True])
print(np.delete(np.arange(3), m), m)
