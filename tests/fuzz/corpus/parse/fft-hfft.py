import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.array([1.0, 2.0, 3.0])
print(r(np.fft.hfft(x)))
print(r(np.fft.ihfft(x)))
print(r(np.fft.hfft(np.array([1.0, 2j, 3.0]), n=5)))
