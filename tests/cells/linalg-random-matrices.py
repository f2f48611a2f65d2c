import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
rng = np.random.default_rng(7)
a = rng.standard_normal((5, 5))
b = rng.standard_normal(5)
x = np.linalg.solve(a, b)
print(r(x))
print(np.allclose(a @ x, b))
print(r(np.linalg.det(a)))
print(np.allclose(np.linalg.inv(a) @ a, np.eye(5)))
s = a + a.T
print(r(np.linalg.eigvalsh(s)))
print(r(np.linalg.svd(a, compute_uv=False)))
