# scipy.ndimage: errors in SciPy's words
import numpy as np
import scipy.ndimage as ndi
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: ndi.correlate(np.arange(5, dtype=np.float16), [1, 2, 1]))
t(lambda: ndi.correlate(np.arange(5), [1, 2, 1], mode='foo'))
t(lambda: ndi.correlate(np.arange(5), [[1, 2, 1]]))
t(lambda: ndi.correlate(np.arange(5), [1, 2, 1], origin=2))
t(lambda: ndi.convolve(np.arange(5), [1, 2], origin=1))
t(lambda: ndi.correlate(np.arange(5.0), [1, 2, 3], output=np.zeros(4)))
t(lambda: ndi.correlate(np.arange(5.0), [1, 2, 3], mode=['reflect']))
t(lambda: ndi.correlate(np.arange(5.0), []))
t(lambda: ndi.correlate1d(np.arange(5), [1, 2], axis=3))
t(lambda: ndi.correlate1d(np.arange(5), [[1, 2]]))
t(lambda: ndi.correlate1d(np.arange(5), [1, 2, 3], origin=-2))
t(lambda: ndi.uniform_filter1d(np.arange(5), 0))
t(lambda: ndi.uniform_filter1d(np.arange(5), 3, origin=2))
t(lambda: ndi.minimum_filter(np.arange(5)))
t(lambda: ndi.median_filter(np.arange(5)))
t(lambda: ndi.maximum_filter(np.arange(5), footprint=[0, 0]))
t(lambda: ndi.maximum_filter(np.arange(5), 3, origin=2))
t(lambda: ndi.minimum_filter1d(np.arange(5), 0))
t(lambda: ndi.gaussian_filter(np.arange(5.0), 1, order=-1))
t(lambda: ndi.gaussian_filter1d(np.arange(5.0), 1, radius=-1))
t(lambda: ndi.sobel(np.arange(5.0), axis=1))
