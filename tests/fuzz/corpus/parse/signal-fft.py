# scipy.signal.fftconvolve and convolve(method='fft'): the transform's last
# digits differ between FFT libraries, so results are rounded
import numpy as np
from scipy import signal
def r(x, d=6):
    return np.round(x, d) + 0.0
a = np.arange(20, dtype=np.float64).reshape(4, 5) ** 1.5
w = np.array([[1, 2, 0], [0.5, -1, 3]])
for m in ['full', 'same', 'valid']:
    print(r(signal.fftconvolve(a, w, mode=m)), r(signal.fftconvolve(w, a, mode=m)))
    print(r(signal.fftconvolve(np.arange(7.0), np.array([1.0, -2, 0.5]), mode=m)))
    print(signal.convolve(np.arange(7), np.array([1, -2, 3]), mode=m, method='fft'))
    f = signal.fftconvolve(np.ones((2, 3, 4), np.float32), np.arange(8, dtype=np.float32).reshape(2, 2, 2), mode=m)
    print(f.dtype, r(f, 3))
print(signal.fftconvolve(np.arange(5), np.array([1, 2, 3])).dtype)
print(r(signal.fftconvolve(np.arange(5), np.array([1, 2, 3]))))
print(signal.fftconvolve(np.arange(5, dtype=np.float32), np.arange(3, dtype=np.float32)).dtype)
print(signal.convolve(np.arange(6.0), np.array([0.5, 0.25]), method='fft').round(9) + 0.0)
