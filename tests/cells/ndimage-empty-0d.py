# scipy.ndimage filters of empty and 0-d arrays (on a device: the CUDA
# backend's stencil entry runs them on host copies, a listed fallback)
import numpy as np
import scipy.ndimage as ndi
e = np.zeros((0, 4))
z = np.array(2.5)
for name, f in [("correlate", lambda a: ndi.correlate(a, np.ones((1,) * a.ndim) * 2)),
                ("uniform", lambda a: ndi.uniform_filter(a, 3)),
                ("minimum", lambda a: ndi.minimum_filter(a, 3)),
                ("maximum", lambda a: ndi.maximum_filter(a, 3, mode='constant', cval=7)),
                ("median", lambda a: ndi.median_filter(a, 3)),
                ("gaussian", lambda a: ndi.gaussian_filter(a, 1.0))]:
    for a in (e, z, np.arange(0, dtype=np.float32), np.array(3, dtype=np.int32)):
        r = f(a)
        print(name, a.shape, a.dtype, r.shape, r.dtype, r.tolist())
