import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[2.0, 0.0], [0.0, 3.0]])
w, v = np.linalg.eig(a)
print(w)
print(v)
w, v = np.linalg.eig(np.array([[0.0, -1.0], [1.0, 0.0]]))
print(r(w))
print(r(v))
w = np.linalg.eigvals(np.array([[1.0, 2.0], [3.0, 4.0]]))
print(r(w))
