import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.arange(12.0).reshape(3, 4)
print(r(np.fft.fft(x)))
print(r(np.fft.fft(x, axis=0)))
print(r(np.fft.ifft(x, axis=-2)))
