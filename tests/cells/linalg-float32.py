import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[2.0, 1.0], [1.0, 3.0]], dtype=np.float32)
print(repr(np.linalg.inv(a)))
print(np.linalg.solve(a, np.ones(2, np.float32)).dtype)
print(r(np.linalg.eigvalsh(a)), np.linalg.eigvalsh(a).dtype)
print(np.linalg.svd(a)[1].dtype, np.linalg.qr(a)[0].dtype)
print(repr(np.linalg.norm(a)))
print(repr(a @ a))
