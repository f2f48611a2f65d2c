# np.interp of real samples, which the device composes where the data
# lies (searchsorted for the interval, the line through its samples with
# NumPy's retries where the first form is NaN, exact samples, the ends,
# left / right, NaN): dtypes, shapes, repeated and infinite samples.
# tests/devsearch.test runs this path on the host too.
import numpy as np
xp = np.array([0.0, 1.0, 2.0, 2.0, 3.5, 5.0])
fp = np.array([1.0, -1.0, 4.0, 6.0, np.inf, 2.0])
x = np.array([-1.0, 0.0, 0.25, 1.0, 1.5, 2.0, 2.5, 3.5, 4.0, 5.0, 7.0, np.nan, -np.inf, np.inf])
print(np.interp(x, xp, fp))
print(np.interp(x, xp, fp, left=-7.5, right=np.nan))
print(np.interp(x.astype(np.float32), xp.astype(np.float32), fp.astype(np.float32)).dtype)
print(np.interp(np.arange(12).reshape(3, 4) / 2.0, xp, np.arange(6)))
print(np.interp(np.arange(5), np.arange(0, 10, 3), np.arange(4) * 1.5), np.interp(2.25, xp, fp), type(np.interp(2.25, xp, fp)).__name__)
print(np.interp(np.array(1.5), xp, fp), np.interp([], xp, fp), np.interp(np.zeros((0, 2)), xp, fp).shape)
xi = np.array([-np.inf, 0.0, np.inf])
fi = np.array([0.0, 1.0, 0.0])
print(np.interp(np.array([-1e300, -1.0, 0.0, 1.0, np.inf, -np.inf]), xi, fi))
fn = np.array([np.nan, 1.0, 1.0, np.nan])
print(np.interp(np.array([0.5, 1.5, 2.5, 1.0, 2.0]), np.arange(4.0), fn))
ff = np.array([np.inf, np.inf, 1.0, -np.inf])
print(np.interp(np.array([0.5, 1.5, 2.5, 0.0]), np.arange(4.0), ff))
print(np.interp(np.array([1, 2, 3], dtype=np.int32), np.array([1, 3], dtype=np.int64), np.array([10, 30], dtype=np.int16)))
print(np.interp(0.5, [0, 1], [0, 1], left=np.float32(3)), np.interp(np.linspace(0, 1, 7), [0.2, 0.8], [5.0, -5.0], 0, 1))
