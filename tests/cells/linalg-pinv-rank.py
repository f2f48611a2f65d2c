import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(r(np.linalg.pinv(a)))
print(r(np.linalg.pinv(np.ones((2, 3)))))
print(repr(np.linalg.matrix_rank(np.eye(4))))
print(repr(np.linalg.matrix_rank(np.ones((3, 3)))))
print(np.linalg.matrix_rank(np.zeros(3)), np.linalg.matrix_rank(np.ones(3)))
print(np.linalg.matrix_rank(np.stack([np.eye(3), np.ones((3, 3))])))
