import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
x = np.arange(6.0)
print(r(np.fft.fft(x, n=8)))
print(r(np.fft.fft(x, n=4)))
print(r(np.fft.ifft(x, n=3)))
try:
    np.fft.fft(x, n=0)
except ValueError as e:
    print("ValueError:", e)
