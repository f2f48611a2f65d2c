# np.array / np.asarray of ranges, alone or nested in lists and tuples, read
# as the lists of their ints (NumPy's sequence protocol); functions that take
# array-likes take ranges too.
import numpy as np
print(np.array(range(5)), np.asarray(range(2, 10, 3)), np.array(range(0)), np.array(range(0)).dtype)
print(np.array([range(3), range(3, 6)]), np.array((range(2), [7, 8])), np.array(range(10, 0, -3)))
print(np.array(range(4), dtype=np.float32), np.array([range(2), [1.5, 2]]).dtype)
print(np.ix_(range(3), [1, 2])[0].shape, np.sum(range(101)), np.mean(range(4)), np.cumsum(range(5)))
print(np.concatenate([range(2), range(3)]), np.where(np.array(range(4)) > 1, range(4), -1))
print(np.array([[range(2)], [range(2)]]).shape, np.array(range(-3, 3)) ** 2)
try:
    np.array([range(2), range(3)])
except ValueError as e:
    print("ValueError", e)
