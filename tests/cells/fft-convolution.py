import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([1.0, 2.0, 3.0])
b = np.array([0.0, 1.0, 0.5])
n = len(a) + len(b) - 1
c = np.fft.irfft(np.fft.rfft(a, n) * np.fft.rfft(b, n), n)
print(r(c))
print(np.allclose(c, np.convolve(a, b)))
