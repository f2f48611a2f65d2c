import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[4.0, 7.0], [2.0, 6.0]])
print(r(np.linalg.inv(a)))
print(r(np.linalg.inv(a) @ a))
s = np.array([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 4.0]]])
print(r(np.linalg.inv(s)))
print(np.linalg.inv(np.eye(3, dtype=np.float32)).dtype)
print(np.linalg.inv([[1, 2], [3, 4]]))
