import numpy as np
for f in (lambda: np.indices(3), lambda: np.indices(3.0), lambda: np.indices((2, -1)),
          lambda: np.mgrid[3], lambda: np.mgrid[0:3, 1]):
    try:
        print(repr(f()))
    except (ValueError, TypeError, AttributeError) as e:
        print(type(e).__name__ + ':', e)
