# scipy.ndimage.gaussian_filter(1d) and uniform_filter(1d): separable passes in
# the output's dtype, orders, truncate/radius, modes
import numpy as np
import scipy.ndimage as ndi
a = np.arange(30, dtype=np.float64).reshape(5, 6) ** 1.3
print(ndi.gaussian_filter(a, 1.0))
print(ndi.gaussian_filter(a, (0.7, 2), order=(1, 2), mode='mirror'))
print(ndi.gaussian_filter(a, 1.5, mode='constant', cval=3, truncate=2.0))
print(ndi.gaussian_filter(a, (0, 1.2), mode='wrap'))
print(ndi.gaussian_filter(a.astype(np.float32), 0.8, order=3, mode='nearest'))
print(ndi.gaussian_filter(np.arange(30).reshape(5, 6) * 7, 1.0))
print(ndi.gaussian_filter(np.arange(12, dtype=np.uint8).reshape(3, 4) * 20, 2.0, radius=1))
print(ndi.gaussian_filter1d(np.arange(10.0), 1.5))
print(ndi.gaussian_filter1d(np.arange(10.0) ** 2, 2.0, order=1))
print(ndi.gaussian_filter1d(a, 1, axis=0, order=2, mode='reflect'))
print(ndi.gaussian_filter(np.arange(3.0), 5.0))
print(ndi.uniform_filter(a, 3))
print(ndi.uniform_filter(a, (2, 4), mode='constant', cval=1))
print(ndi.uniform_filter(np.arange(24).reshape(2, 3, 4), (2, 3, 4), mode='constant', cval=2))
print(ndi.uniform_filter1d(a.astype(np.float32), 4, axis=0, origin=-1))
print(ndi.uniform_filter1d([2, 8, 0, 4, 1, 9, 9, 0], size=3))
print(ndi.uniform_filter1d(np.arange(5.0), 9, mode='wrap'))
print(ndi.uniform_filter(a, 1))
for m in ['reflect', 'constant', 'nearest', 'mirror', 'wrap']:
    print(m, ndi.uniform_filter(np.arange(7.0) ** 2, 4, mode=m))
