# cupy.testing: the same asserts on cupy arrays (NumPy's messages, the arrays brought to the host);
# numpy.testing refuses a cupy array (TypeError), as with CuPy. CPython's branch: NumPy's asserts.
import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = None
xp = cp if cp is not None else np
a = xp.arange(5.0)
xp.testing.assert_array_equal(a, xp.arange(5.0))
xp.testing.assert_allclose(a, np.arange(5.0) if cp is None else cp.asarray(np.arange(5.0)))
xp.testing.assert_array_almost_equal(a, a + 1e-9)
xp.testing.assert_allclose(xp.linalg.norm(a), np.sqrt(30.0))
try:
    xp.testing.assert_array_equal(a, a + 1)
except AssertionError as e:
    print(str(e))
if cp is not None:
    try:
        np.testing.assert_allclose(a, 1)
    except TypeError as e:
        print("TypeError")
else:
    print("TypeError")
