import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
t = np.arange(64) / 64
x = np.sin(2 * np.pi * 5 * t) + 0.5 * np.cos(2 * np.pi * 12 * t)
X = np.fft.rfft(x)
mag = np.abs(X)
print(np.argsort(mag)[-2:])
print(r(mag[[5, 12]]))
print(np.allclose(np.fft.irfft(X), x))
