# cholesky(upper=True) (NumPy 2's; CuPy has no upper=): U = L^H with its
# strict lower triangle zeroed and a real diagonal, real and complex stacks.
# cells: skip-gpu
import numpy as np

i = np.arange(3 * 4 * 4, dtype=np.float64).reshape(3, 4, 4)
a = np.sin(i * 1.7) + 4 * np.eye(4)
m = a @ np.swapaxes(a, -1, -2) + np.eye(4)
L = np.linalg.cholesky(m)
U = np.linalg.cholesky(m, upper=True)
print(np.all(np.tril(U, -1) == 0), np.allclose(np.swapaxes(U, -1, -2) @ U, m), np.array_equal(U, np.swapaxes(L, -1, -2)))
ac = a + 1j * np.sin(i)
mc = ac @ np.conj(np.swapaxes(ac, -1, -2)) + np.eye(4)
Uc = np.linalg.cholesky(mc, upper=True)
print(np.all(np.tril(Uc, -1) == 0), np.allclose(np.conj(np.swapaxes(Uc, -1, -2)) @ Uc, mc))
print(np.all(np.diagonal(Uc, axis1=-2, axis2=-1).imag == 0), np.round(Uc[0], 6))
print(np.linalg.cholesky(np.eye(2, dtype=np.complex64), upper=True))
