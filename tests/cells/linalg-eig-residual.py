# eig / eigvals checked by what holds whatever the eigenvalue order and
# the vectors' phases (cp computes them with cuSOLVER's Xgeev and forms
# the complex results on the device): A v = v diag(w), unit columns,
# conjugate pairs of real matrices, batches, and the values' sorted real
# and imaginary parts.
import numpy as np
def rand(*shape):
    # fixed pseudo-random entries in [0, 1) (the same on np and cp)
    k = int(np.prod(shape))
    return (np.sin(np.arange(1, k + 1) * 12.9898) * 43758.5453 % 1.0).reshape(shape)
def check(a, tol):
    w, v = np.linalg.eig(a)
    res = np.abs(a.astype(np.complex128) @ v - v * w[..., None, :]).max()
    unit = np.abs(np.linalg.norm(v, axis=-2) - 1).max()
    return w.shape, v.shape, bool(res < tol), bool(unit < tol)
h = np.array(rand(6, 6) - 0.5)
a = np.array(h)
print(check(a, 1e-10))
print(check(a.astype(np.float32), 1e-4))
b = np.array(rand(3, 5, 5))
print(check(b, 1e-10))
c = np.array(rand(4, 4) + 1j * rand(4, 4))
print(check(c, 1e-10))
w = np.linalg.eigvals(np.array([[0.0, -2.0], [2.0, 0.0]]))
print(np.sort(w.real) + 0.0, np.sort(np.abs(w.imag)))
w = np.linalg.eigvals(np.array([[4.0, 1.0], [2.0, 3.0]]))
print(np.round(np.sort(w.real), 6) + 0.0, np.abs(w.imag).max() if w.dtype.kind == 'c' else 0.0)
w = np.linalg.eigvals(np.array(rand(50, 50)))
print(w.shape, bool(np.abs(np.sort(w.real)[-1] - np.abs(w).max()) < 1e-9))
w = np.linalg.eigvals(np.diag(np.array([3.0, 1.0, 2.0])))
print(np.sort(w.real) + 0.0)
