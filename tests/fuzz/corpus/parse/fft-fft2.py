import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.arange(12.0).reshape(3, 4)
print(r(np.fft.fft2(x)))
print(r(np.fft.ifft2(np.fft.fft2(x)).real))
print(r(np.fft.fft2(x, s=(2, 2))))
print(r(np.fft.fft2(np.arange(24.0).reshape(2, 3, 4))[1]))
