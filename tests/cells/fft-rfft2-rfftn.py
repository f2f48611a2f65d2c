import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.arange(12.0).reshape(3, 4) ** 1.5
X = np.fft.rfft2(x)
print(X.shape)
print(r(X))
print(r(np.fft.irfft2(X)))
print(r(np.fft.irfft2(X, s=(3, 4))))
y = np.arange(24.0).reshape(2, 3, 4)
Y = np.fft.rfftn(y)
print(Y.shape)
print(r(np.fft.irfftn(Y)[1]))
