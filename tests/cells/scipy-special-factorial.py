# scipy.special.factorial: exact= (Python ints, int64 arrays), extend=, n < 0, NaN, SciPy's
# messages.  (Large non-exact values are left out: Lumen's gamma is glibc's, SciPy's Cephes'.)
# cells: skip-gpu cupyx.scipy.special has no factorial (nor has CuPy)
from scipy.special import factorial
import numpy as np
tests = [None, 5, 25, 5.0, 0, -1, 3.5, np.nan, [3,4,5], np.array([3,4,5]), np.array([3.,4.5,-2]), 171, np.int64(4), True, np.array(5), np.array([], dtype=int), [[1,2],[3,4]], np.float32(3), np.array([-1.0, 0.5])]
for t in tests:
    for ex in ((True,) if isinstance(t, int) and not isinstance(t, bool) and t > 20 else (False, True)):
        try:
            r = factorial(t, exact=ex); print(repr(t), ex, repr(r), type(r).__name__)
        except Exception as e: print(repr(t), ex, type(e).__name__, e)
print(repr(factorial(3.5, extend='complex')), repr(factorial(-1.5, extend='complex')))
for bad in (dict(n=3, extend='foo'), dict(n='a'), dict(n=3, exact=True, extend='complex'), dict(n=2j)):
    try: factorial(**bad)
    except Exception as e: print(type(e).__name__, e)
