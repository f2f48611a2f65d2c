# scipy.signal.windows (every window SciPy computes in closed form, sym= and
# periodic), get_window's names/tuples/floats and messages, correlation_lags' modes.
import numpy as np
from scipy import signal
from scipy.signal import windows
import scipy.signal.windows as W


def r(w):
    # exp and ** may round the last bit differently from NumPy's SIMD loops
    return np.round(w, 12)


for M in (0, 1, 2, 5, 8, 13):
    for sym in (True, False):
        for f in ('boxcar', 'triang', 'parzen', 'bohman', 'blackman', 'nuttall', 'blackmanharris', 'flattop', 'bartlett', 'barthann', 'hamming', 'hann', 'cosine', 'lanczos'):
            print(M, sym, f, r(getattr(windows, f)(M, sym=sym)))
        print(r(windows.tukey(M, 0.3, sym)), r(windows.tukey(M, 1.5, sym)), r(windows.tukey(M, 0, sym)))
        print(r(windows.gaussian(M, 2.5, sym)), r(windows.general_gaussian(M, 1.5, 3, sym)))
        print(r(windows.kaiser(M, 8.6, sym)), r(windows.general_hamming(M, 0.6, sym)))
        print(r(windows.general_cosine(M, [0.5, 0.3, 0.2], sym)))
        print(r(windows.exponential(M, tau=3.0, sym=sym)))
print(r(windows.exponential(8, 2, 3.0, False)), r(windows.kaiser_bessel_derived(8, 3.0)))
print(r(signal.get_window('hann', 8)), r(signal.get_window(('gaussian', 2), 7)), r(signal.get_window(4.5, 6)))
print(r(signal.get_window('hann_symmetric', 5)), r(signal.get_window(('tukey', 0.4), 9, fftbins=False)), r(signal.get_window('triangle', 5)))
print(W.get_window is signal.get_window, type(signal.windows).__name__)
for lens in ((5, 3), (3, 5), (4, 4), (6, 3), (3, 6)):
    for mode in ('full', 'same', 'valid'):
        print(lens, mode, signal.correlation_lags(*lens, mode=mode).tolist())
for bad in ((windows.hann, (-1,)), (windows.hann, (2.5,)), (signal.get_window, ('foo', 8)), (signal.get_window, ('hann', 0)),
            (signal.get_window, (('hann', 2), 8)), (signal.get_window, ('gaussian', 8)), (signal.get_window, ((3,), 8)),
            (signal.get_window, ([1], 8)), (signal.correlation_lags, (3, 4, 'bad')), (windows.exponential, (5, 2)),
            (windows.kaiser_bessel_derived, (7, 2.0))):
    try:
        bad[0](*bad[1])
    except ValueError as e:
        print('ValueError', e)
sig = np.repeat([0., 1., 0.], 100)
win = signal.windows.hann(50)
filtered = signal.convolve(sig, win, mode='same') / sum(win)
print(np.round(filtered[95:105], 12))
