# scipy.ndimage.sobel and laplace: passes in the output's dtype
import numpy as np
import scipy.ndimage as ndi
a = np.arange(20, dtype=np.float64).reshape(4, 5) ** 1.5
print(ndi.sobel(a), ndi.sobel(a, axis=0), ndi.laplace(a))
print(ndi.sobel(a, mode='constant', cval=2), ndi.laplace(a, mode='wrap'))
print(ndi.sobel(np.arange(12, dtype=np.uint8).reshape(3, 4) * 7, axis=0, mode='nearest'))
print(ndi.sobel(np.arange(12, dtype=np.int32).reshape(3, 4) ** 2))
print(ndi.laplace(np.arange(12, dtype=np.int16).reshape(3, 4) ** 2, mode='constant'))
print(ndi.laplace(np.arange(24, dtype=np.float32).reshape(2, 3, 4) ** 2, mode='mirror'))
print(ndi.sobel(np.arange(27.0).reshape(3, 3, 3) ** 2, axis=1))
print(ndi.laplace(np.arange(6.0) ** 3))
