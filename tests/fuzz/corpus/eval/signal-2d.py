# scipy.signal convolve2d / correlate2d: modes and boundaries
import numpy as np
from scipy import signal
a = np.arange(20, dtype=np.float64).reshape(4, 5) ** 1.5
w = np.array([[1, 2, 0], [0.5, -1, 3]])
for b in ['fill', 'wrap', 'symm', 'circular', 'symmetric']:
    for m in ['full', 'same', 'valid']:
        print(b, m)
        print(signal.convolve2d(a, w, mode=m, boundary=b, fillvalue=2))
        print(signal.correlate2d(a, w, mode=m, boundary=b))
print(signal.correlate2d(w, a, mode='valid'))
print(signal.convolve2d(w, a, mode='valid'))
print(signal.convolve2d(np.arange(6, dtype=np.int32).reshape(2, 3), np.array([[1, -1]], np.int16)))
print(signal.convolve2d(np.ones((2, 2), np.float32), np.ones((3, 3)), boundary='wrap'))
