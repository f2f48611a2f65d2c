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

a = np.broadcast_to(np.arange(5.0), (3, 5))
for f, e in ((np.median, ()), (np.percentile, (40,))):
    try:
        print(f(a, *e, axis=1, overwrite_input=True))
    except Exception as ex:
        print(type(ex).__name__, ex)
b = np.arange(6.0)[::-1]
print(np.median(b, overwrite_input=True), b)
c = np.arange(12.0).reshape(3, 4)[:, ::2]
print(np.median(c, axis=0, overwrite_input=True), c)
print(np.median(np.float64(3), overwrite_input=True), np.median(np.array(2.0), overwrite_input=True))
try:
    np.median(np.arange(4.0), axis=1, overwrite_input=True)
except Exception as ex:
    print(type(ex).__name__, ex)
print(np.quantile(np.arange(7), 0.5, method='nearest', overwrite_input=True))
x = np.arange(10)[::-1].copy()
print(np.partition(x, np.array([2, 5], dtype=np.uint8)), np.partition(x, np.int16(3)), np.argpartition(x, (True, 3)))
