import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.array([0.0, 1.0, 0.0, -1.0, 0.5, 0.25])
X = np.fft.rfft(x)
print(r(X), X.shape)
print(r(np.fft.irfft(X)))
print(r(np.fft.irfft(X, n=7)))
print(r(np.fft.rfft(x, n=5)))
print(r(np.fft.rfft(np.arange(8.0).reshape(2, 4), axis=0)))
