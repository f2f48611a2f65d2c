# numpy.testing: assert_allclose, assert_array_equal, assert_array_almost_equal, assert_array_less,
# assert_equal, assert_almost_equal, assert_ — silent when they hold, NumPy's messages when not
import numpy as np
from numpy.testing import assert_allclose, assert_array_equal, assert_array_almost_equal
from numpy.testing import assert_array_less, assert_equal, assert_almost_equal, assert_

cases = [
    lambda: assert_allclose([1, 2, 3], [1, 2, 4]),
    lambda: assert_array_equal([1, 2, 3], [1, 2, 4]),
    lambda: assert_array_almost_equal([1.0, 2, 3], [1, 2.1, 3]),
    lambda: assert_allclose([1., 2], [1., 2, 3]),
    lambda: assert_array_equal(np.arange(3), np.arange(4)),
    lambda: assert_allclose(1.0, 1.1, err_msg='hello'),
    lambda: assert_array_equal([1, np.nan], [1, 2]),
    lambda: assert_allclose(np.ones((2, 2)), np.zeros((2, 2))),
    lambda: assert_allclose(np.arange(10.), np.arange(10.) + 1),
    lambda: assert_allclose([1., 2.], [1., 2.]),
    lambda: assert_array_less([1, 2], [2, 2]),
    lambda: assert_equal(3, 4),
    lambda: assert_equal([1, 2], [1, 2]),
    lambda: assert_almost_equal(1.0, 1.00000001),
    lambda: assert_allclose([1, np.inf], [1, np.inf]),
    lambda: assert_allclose(np.float32(1.5), 1.5000001, rtol=1e-3),
    lambda: assert_array_equal(np.uint8([1, 5]), np.uint8([3, 5])),
    lambda: np.testing.assert_allclose(np.linspace(0, 1, 5), [0, .25, .5, .75, 1], atol=1e-12),
    lambda: assert_(1 + 1 == 3, "arithmetic"),
]
for f in cases:
    try:
        f()
        print("passed")
    except AssertionError as e:
        print(repr(str(e)))
