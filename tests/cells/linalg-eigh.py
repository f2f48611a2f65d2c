import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[2.0, 1.0], [1.0, 2.0]])
w, v = np.linalg.eigh(a)
print(r(w))
print(r(np.abs(v)))
print(r(np.linalg.eigvalsh(a)))
print(r(np.linalg.eigvalsh(np.array([[1.0, 1j], [-1j, 1.0]]))))
print(r(np.linalg.eigvalsh(np.array([[5.0, 9.0], [1.0, 2.0]]), UPLO='U')))
print(np.linalg.eigvalsh(np.eye(2, dtype=np.float32)).dtype)
