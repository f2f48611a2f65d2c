import numpy as np
def r(x):
    # rounded, and -0.0 made 0.0: the last digits of FFTW/LAPACK may differ
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        return (np.round(x.real, 6) + 0.0) + 1j * (np.round(x.imag, 6) + 0.0)
    return np.round(x, 6) + 0.0
a = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
q, rr = np.linalg.qr(a)
print(r(q))
print(r(rr))
print(np.allclose(q @ rr, a))
q2, r2 = np.linalg.qr(a, mode='complete')
print(q2.shape, r2.shape)
print(r(np.linalg.qr(a, mode='r')))
print(r(np.linalg.qr(a.T)[1]))
