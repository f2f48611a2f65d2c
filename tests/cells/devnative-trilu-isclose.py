# triu/tril and isclose/allclose as lib/devsearch.c composes them for device
# arrays (where() with the triangle's mask; NumPy's isclose formula under
# errstate(invalid='ignore')): offsets, a 1-d input, batches, bool, empty;
# NaN, inf, equal_nan, rtol, integer and complex inputs, broadcasting.
# tests/devsearch.test runs it down the composed paths on the host too.
import numpy as np
m = np.arange(1, 13).reshape(3, 4)
print(np.triu(m), np.tril(m, -1), np.triu(m, 2), np.tril(m, 1))
print(np.triu(np.array([1, 2, 3])), np.tril(np.array([True, False, True])))
b3 = np.arange(24.0).reshape(2, 3, 4)
print(np.triu(b3, 1), np.tril(b3).dtype, np.triu(np.ones((0, 3))).shape)
x = np.array([1.0, np.nan, np.inf, -np.inf, 1e-9, 2.0])
y = np.array([1.0 + 1e-6, np.nan, np.inf, np.inf, 0.0, 2.1])
print(np.isclose(x, y), np.isclose(x, y, equal_nan=True), np.isclose(x, y, rtol=0.1))
print(np.allclose(x, y), np.allclose(x[[0, 4]], y[[0, 4]]), np.allclose(x, x, equal_nan=True))
print(np.isclose(np.arange(5), np.arange(5) + 1e-9), np.isclose(3, 3.0000001), np.isclose(np.float32(1), np.float32(1.00001)))
print(np.allclose(np.array([1, 2]), np.array([1, 2])), type(np.allclose(1.0, 1.0)).__name__)
print(np.isclose(np.array([1+1j, 2]), np.array([1+1.000001j, 3])), np.isclose([[1.0], [2.0]], [1.0, 2.0]))
