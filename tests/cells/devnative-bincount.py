# np.bincount with weights, which the device sums where the data lies
# (the backend's bounds for the length, then bin_weights): weight dtypes,
# minlength, strided weights, bool and narrow integer x, empty x, errors.
# tests/devsearch.test runs this path on the host too.
import numpy as np
x = np.array([0, 3, 1, 3, 3, 7, 0], dtype=np.int32)
w = np.array([0.5, 1.25, -2.0, 4.0, 0.125, 3.0, 1.0])
print(np.bincount(x, weights=w), np.bincount(x, w).dtype)
print(np.bincount(x, weights=w.astype(np.float32)), np.bincount(x, weights=np.arange(7)), np.bincount(x, weights=[1, 2, 3, 4, 5, 6, 7]))
print(np.bincount(x, weights=w, minlength=12), np.bincount(x, weights=w, minlength=3))
print(np.bincount(x.astype(np.uint8), weights=np.arange(14.0)[::2]), np.bincount(np.array([True, False, True]), weights=[1.5, 2.5, 3.5]))
print(np.bincount(np.array([], dtype=np.int64), weights=np.array([])), np.bincount(np.array([], dtype=np.int64), weights=[], minlength=4))
print(np.bincount(np.arange(5) % 2, weights=np.array([1e16, 1.0, -1e16, 1.0, 1.0])))
for bad in (lambda: np.bincount(np.array([1, -1]), weights=[1.0, 2.0]),
            lambda: np.bincount(x, weights=w[:3]),
            lambda: np.bincount(np.array([0.5]), weights=[1.0])):
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
