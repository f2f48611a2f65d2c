import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
b = np.array([1.0, 2.0, 2.0])
x, res, rank, s = np.linalg.lstsq(a, b)
print(r(x), r(res), rank, r(s))
x, res, rank, s = np.linalg.lstsq(np.ones((3, 2)), b, rcond=None)
print(r(x), res, rank, r(s))
