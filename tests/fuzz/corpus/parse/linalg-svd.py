import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
u, s, vh = np.linalg.svd(a)
print(u.shape, s.shape, vh.shape)
print(r(s))
print(r(np.abs(vh)))
u, s, vh = np.linalg.svd(a, full_matrices=False)
print(u.shape, s.shape, vh.shape)
print(np.allclose((u * s) @ vh, a))
print(r(np.linalg.svd(a, compute_uv=False)))
print(r(np.linalg.svd(np.ones((2, 3, 3)), compute_uv=False)))
