# scipy.signal convolve / correlate / fftconvolve: full, same, valid; dtypes
import numpy as np
from scipy import signal
def r(x):
    # fftconvolve: the last digits depend on the transform
    return np.round(x, 6) + 0.0
print(signal.convolve([1, 2, 3], [0, 1, 0.5]), signal.convolve([1, 2, 3, 4], [1, 1], mode='same'))
print(signal.correlate([1, 2, 3, 4], [1, 2], mode='same'), signal.correlate([1, 2], [1, 2, 3, 4], mode='valid'))
a = np.arange(20, dtype=np.float64).reshape(4, 5) ** 1.5
w = np.array([[1, 2, 0], [0.5, -1, 3]])
for m in ['full', 'same', 'valid']:
    print(m)
    print(signal.convolve(a, w, mode=m, method='direct'))
    print(signal.correlate(a, w, mode=m))
    print(signal.correlate(w, a, mode=m) if m != 'same' else signal.correlate(w, a[:2, :3], mode=m))
    print(signal.convolve(np.arange(5), np.array([2, -1, 3, 1]), mode=m))
    print(r(signal.fftconvolve(a, w, mode=m)))
print(signal.convolve(np.ones((2, 3), np.int32), np.ones((2, 2), np.int8)))
print(signal.convolve(np.arange(6, dtype=np.float32), np.array([0.5, 0.25], np.float32)))
print(signal.convolve(np.arange(24.0).reshape(2, 3, 4), np.ones((1, 2, 2)), mode='same'))
print(signal.convolve(np.array(2.0), np.array(3)))
print(r(signal.fftconvolve(np.arange(5), np.array([1, 2, 3]))))
print(signal.fftconvolve(np.arange(5.0), np.array([])))
