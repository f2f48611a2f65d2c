# np.cov / np.corrcoef without weights, which the device composes where
# the data lies (float64 rows, the row means subtracted, X @ X.T scaled;
# corrcoef divided by the deviations and clipped): dtypes, y, rowvar,
# bias / ddof, one variable, and the cases that stay on the host path.
# tests/devsearch.test runs this path on the host too.
import numpy as np
import warnings
r = (np.arange(60, dtype=np.float64) * 7919 % 61).reshape(5, 12) / 7.0
print(np.round(np.cov(r), 10))
print(np.round(np.cov(r.astype(np.float32)), 4), np.cov(r.astype(np.float32)).dtype)
print(np.round(np.cov(r.astype(np.int32), r[:2].astype(np.int64)), 10))
print(np.round(np.cov(r.T, rowvar=False, bias=True), 10), np.round(np.cov(r, ddof=3)[0], 10))
print(np.round(np.cov(r[0], r[1]), 10), np.cov(r[0]), type(np.cov(r[0])).__name__, np.cov(r[0]).shape)
print(np.round(np.cov(r.T, r.T[:, :1], rowvar=False), 10).shape)
print(np.round(np.corrcoef(r), 10))
print(np.round(np.corrcoef(r[:2], r[3]), 10), np.corrcoef(r[0]), type(np.corrcoef(r[0])).__name__)
print(np.round(np.corrcoef(r.astype(np.float32).T, rowvar=False), 6).dtype, np.corrcoef([1, 2, 3], [3, 2, 1]))
print(np.cov(np.array([[1.0, 2.0], [2.0, 4.0]]), ddof=0), np.cov(5.0), np.cov([1.0, 2.0, 4.0], ddof=1))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(np.cov(np.array([[1.0], [2.0]])), len(w) > 0)
try:
    np.cov(r, r[:, :5])
except ValueError as e:
    print("ValueError", e)
try:
    np.cov(np.zeros((2, 2, 2)))
except ValueError as e:
    print("ValueError", e)
