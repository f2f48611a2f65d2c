import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.array([1.0, 2.0, 1.0, -1.0, 1.5])
print(r(np.fft.fft(x)))
print(r(np.fft.ifft(np.fft.fft(x))))
print(np.fft.fft(x).dtype)
print(np.fft.fft([1, 2, 3, 4]))
