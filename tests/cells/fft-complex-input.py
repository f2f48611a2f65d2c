import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
z = np.exp(2j * np.pi * np.arange(8) / 8)
print(r(np.fft.fft(z)))
print(r(np.fft.ifft(z)))
print(r(np.fft.fft(z.astype(np.complex64))))
