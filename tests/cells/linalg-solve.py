import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[3.0, 1.0], [1.0, 2.0]])
b = np.array([9.0, 8.0])
x = np.linalg.solve(a, b)
print(r(x))
print(np.allclose(a @ x, b))
B = np.array([[9.0, 1.0], [8.0, 2.0]])
print(r(np.linalg.solve(a, B)))
s = np.stack([a, 2 * a])
print(r(np.linalg.solve(s, np.ones((2, 2, 1)))))
print(np.linalg.solve(np.eye(2, dtype=np.float32), np.ones(2, dtype=np.float32)).dtype)
