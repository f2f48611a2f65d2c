import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.arange(8, dtype=np.float32)
X = np.fft.fft(x)
print(X.dtype, np.fft.rfft(x).dtype, np.fft.irfft(np.fft.rfft(x)).dtype)
print(r(X))
print(np.fft.fft(np.arange(4, dtype=np.complex64)).dtype)
print(np.fft.fft(np.arange(4, dtype=np.int32)).dtype)
print(np.fft.fft2(np.ones((2, 2), np.float32)).dtype)
