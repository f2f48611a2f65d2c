# scipy.ndimage zoom / shift / rotate with spline orders 2 to 5 and mode
# 'reflect' (alias 'grid-mirror'): SciPy 1.17 (CI's reference) and CuPy 14.2
# give these numbers, and Lumen on the host and the device; SciPy 1.18 on the
# GPU machine gives others (0.388193567 where these give 0.388140393 for the
# order-2 zoom's [0, 1]; tests/gpu/diag/ndimage_reflect.py)
import numpy as np
import scipy.ndimage as ndi
a = np.arange(12.0).reshape(3, 4) ** 1.5
def show(*xs):
    print(*[np.round(x, 12) + 0.0 for x in xs])
for order in range(2, 6):
    for m in ['reflect', 'grid-mirror']:
        print(order, m)
        show(ndi.zoom(a, 1.7, order=order, mode=m, cval=2))
        show(ndi.shift(a, (0.3, -1.4), order=order, mode=m))
        show(ndi.rotate(a, 30, order=order, mode=m))
