import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[4.0, 2.0], [2.0, 3.0]])
L = np.linalg.cholesky(a)
print(r(L))
print(np.allclose(L @ L.T, a))
c = np.array([[2.0, 1j], [-1j, 2.0]])
print(r(np.linalg.cholesky(c)))
try:
    np.linalg.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]]))
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
