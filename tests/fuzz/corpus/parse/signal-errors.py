# scipy.signal: errors in SciPy's words
import numpy as np
from scipy import signal
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
t(lambda: signal.convolve([1, 2], [[1]]))
t(lambda: signal.convolve([1, 2], [1], mode='middle'))
t(lambda: signal.convolve([1, 2], [1], method='slow'))
t(lambda: signal.correlate(np.ones((2, 3)), np.ones((3, 2)), mode='valid'))
t(lambda: signal.convolve2d([1, 2], [1]))
t(lambda: signal.convolve2d([[1, 2]], [[1]], boundary='zero'))
t(lambda: signal.fftconvolve([1, 2], [[1]]))
t(lambda: signal.correlate([1, 2], [1], mode='middle'))
t(lambda: signal.fftconvolve([1, 2], [1], mode='middle'))
t(lambda: signal.convolve([1, 2], [1], mode='middle', method='direct'))
t(lambda: signal.convolve2d([[1, 2]], [[1]], mode='middle'))
