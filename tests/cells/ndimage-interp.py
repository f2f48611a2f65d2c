# scipy.ndimage zoom / shift / rotate: spline orders 0..5, every mode, the
# prefilter, grid_mode, integer outputs (rounded), 1-D to 3-D
import numpy as np
import scipy.ndimage as ndi
a = np.arange(12.0).reshape(3, 4) ** 1.5
# rounded to 12 decimals: where an exact 0 comes out as +-1e-16 (the order of the
# spline sums, which differs on a GPU) NumPy prints the whole array in e-notation;
# + 0.0 makes the -0.0 that such a -1e-16 rounds to an 0.0
def show(*xs):
    print(*[np.round(x, 12) + 0.0 for x in xs])
for order in range(6):
    for m in ['constant', 'nearest', 'reflect', 'mirror', 'wrap', 'grid-wrap',
              'grid-constant', 'grid-mirror']:
        if order >= 2 and m in ('reflect', 'grid-mirror'):
            continue   # in ndimage-interp-reflect.py: SciPy 1.18 changed these
        print(order, m)
        show(ndi.zoom(a, 1.7, order=order, mode=m, cval=2))
        show(ndi.shift(a, (0.3, -1.4), order=order, mode=m))
        show(ndi.rotate(a, 30, order=order, mode=m))
show(ndi.zoom(a, (2, 0.5), grid_mode=True, mode='grid-constant'))
show(ndi.zoom(np.arange(12).reshape(3, 4), 1.5))
show(ndi.zoom(np.arange(12, dtype=np.uint8).reshape(3, 4) * 20, 1.5))
show(ndi.zoom(np.arange(12, dtype=np.int16).reshape(3, 4) - 6, 1.5, output=np.float32))
show(ndi.rotate(np.arange(24.0).reshape(2, 3, 4), 45, axes=(1, 2), reshape=False))
show(ndi.rotate(np.arange(24.0).reshape(2, 3, 4), 20, axes=(0, 2)))
show(ndi.rotate(a, 90), ndi.rotate(a, -30.5, reshape=False, order=1))
show(ndi.rotate(a.astype(np.float32), 180, mode='nearest'))
show(ndi.shift(np.arange(10.0), 2.5, prefilter=False))
show(ndi.shift(np.arange(10.0), -12.25, mode='wrap', order=2))
show(ndi.zoom(a, 1), ndi.zoom(np.arange(5.0), 0.1), ndi.zoom(np.arange(5.0), 0.3))
show(ndi.zoom(np.arange(27.0).reshape(3, 3, 3), (1, 2, 0.7), order=1, mode='mirror'))
show(ndi.zoom(np.array([3.5]), 3), ndi.shift(np.array([3.5]), 0.5, mode='nearest'))
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: ndi.zoom(a, 2, order=6))
t(lambda: ndi.zoom(np.array(3.0), 2))
t(lambda: ndi.shift(a, 1, mode='bogus'))
t(lambda: ndi.rotate(np.arange(4.0), 10))
t(lambda: ndi.rotate(a, 10, axes=(0, 1, 2)))
t(lambda: ndi.rotate(a, 10, axes=(0, 5)))
