# scipy.ndimage minimum/maximum/median filters: size=, footprint=, origin,
# modes, 1-D variants, dtypes
import numpy as np
import scipy.ndimage as ndi
a = ((np.arange(30) * 7) % 11).reshape(5, 6).astype(np.float64) - 3.5
print(ndi.median_filter(a, 3))
print(ndi.minimum_filter(a, (2, 3)))
print(ndi.maximum_filter(a, footprint=[[1, 0, 1]]))
print(ndi.median_filter(a, footprint=[[0, 1, 0], [1, 1, 1], [0, 1, 0]], mode='constant', cval=9))
print(ndi.median_filter(np.arange(10)[::-1] % 4, 4))
print(ndi.minimum_filter(a.astype(np.int32), 3, mode='wrap', origin=1))
print(ndi.maximum_filter(a.astype(np.float32), (1, 4), mode='mirror', origin=(0, -2)))
print(ndi.minimum_filter1d(a, 3, axis=0, mode='nearest'))
print(ndi.maximum_filter1d(a, 2, mode='constant', cval=100))
print(ndi.median_filter(np.arange(27).reshape(3, 3, 3) % 5, 2))
for m in ['reflect', 'constant', 'nearest', 'mirror', 'wrap']:
    print(m, ndi.median_filter(np.array([5, 1, 4, 2, 8, 7]), 5, mode=m),
          ndi.maximum_filter(np.array([5, 1, 4]), 7, mode=m))
print(ndi.median_filter(np.array([3.5]), 3))
