# median/percentile/quantile(overwrite_input=True): the input is partitioned
# in place as NumPy partitions it (along axis, flattened for axis=None when
# that is a view, the merged axes of a tuple axis); lists and copies stay.
# cells: skip-gpu NumPy's arrangement of the input (CuPy's differs)
import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
b = a.copy()
print(np.median(b, axis=1, overwrite_input=True))
assert not np.all(a == b)
print(b)
b = a.copy()
print(np.median(b, axis=None, overwrite_input=True), b)
b = a.copy()
print(np.percentile(b, 50, axis=0, overwrite_input=True), b)
b = a.copy()
print(np.quantile(b, [0, 1], overwrite_input=True), b)
rng = np.random.RandomState(0)
x = rng.randint(0, 100, (5, 17)).astype(float)
x[1, 3] = np.nan
for f, q in ((np.median, ()), (np.percentile, ([25, 50, 75],)), (np.quantile, (0.3,))):
    for ax in (None, 0, 1, (0, 1)):
        y = x.copy()
        r = f(y, *q, axis=ax, overwrite_input=True)
        print(f.__name__, ax, r)
        print(y)
f = np.asfortranarray(x)
np.median(f, overwrite_input=True)
print(np.array_equal(f, x, equal_nan=True))
lst = [3, 1, 2]
print(np.median(lst, overwrite_input=True), lst)
y = x.copy()
print(np.median(y, overwrite_input=False), np.array_equal(y, x, equal_nan=True))
