# ndimage_reflect.py — zoom with spline order 2 and mode reflect on the device, against
# SciPy on the host (run by python3 with CuPy and SciPy, or by `lumen run`).
import numpy
import cupy as cp
import cupyx.scipy.ndimage as cndi
ah = numpy.arange(12.0).reshape(3, 4) ** 1.5
ad = cp.arange(12.0).reshape(3, 4) ** 1.5
print("a device - host", float(abs(cp.asnumpy(ad) - ah).max()))
zh = cndi.zoom(cp.asarray(ah), 1.7, order=2, mode='reflect').get()
zd = cndi.zoom(ad, 1.7, order=2, mode='reflect').get()
print("zoom(host a) ", zh[0])
print("zoom(dev a)  ", zd[0])
try:
    import scipy.ndimage as sndi
    print("scipy zoom(host a)", sndi.zoom(ah, 1.7, order=2, mode='reflect')[0])
    print("scipy zoom(dev a) ", sndi.zoom(cp.asnumpy(ad), 1.7, order=2, mode='reflect')[0])
except Exception as e:
    print("scipy", e)
