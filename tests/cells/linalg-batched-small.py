# Stacks of small matrices (the device's batched LU: one call for the batch),
# det/slogdet from the LU, cholesky and qr's R with their
# zeroed triangles, inv's identity: the same answers as NumPy's.
import numpy as np

i = np.arange(5 * 4 * 4, dtype=np.float64).reshape(5, 4, 4)
a = np.sin(i * 1.7) + 4 * np.eye(4)
b = np.cos(np.arange(5 * 4, dtype=np.float64)).reshape(5, 4)
x = np.linalg.solve(a, b[..., None])
print(x.shape, np.allclose(a @ x, b[..., None]))
ai = np.linalg.inv(a)
print(ai.shape, np.allclose(ai @ a, np.eye(4)))
print(np.round(np.linalg.det(a), 6))
s, l = np.linalg.slogdet(a)
print(s, np.round(l, 6))
a32 = a.astype(np.float32)
print(np.linalg.inv(a32).dtype, np.allclose(np.linalg.inv(a32) @ a32, np.eye(4), atol=1e-4))
print(np.round(np.linalg.det(a32), 3), np.linalg.det(a32).dtype)
ac = a + 1j * np.sin(i)
print(np.allclose(np.linalg.inv(ac) @ ac, np.eye(4)))
print(np.round(np.linalg.det(ac), 6))
sc, lc = np.linalg.slogdet(ac)
print(np.round(sc, 6), np.round(lc, 6))
# a singular member: det 0, slogdet (0, -inf), inv raises
z = a.copy()
z[2] = 0
print(np.round(np.linalg.det(z), 6))
sz, lz = np.linalg.slogdet(z)
print(sz, np.round(lz, 6))
# odd row swaps: negative signs
p = np.array([[0.0, 1, 0], [1, 0, 0], [0, 0, 1]])
sp, lp = np.linalg.slogdet(np.stack([p, np.eye(3), -p]))
print(np.linalg.det(p), sp, lp)
# cholesky and qr: the zeroed triangles, the upper factor
m = a @ np.swapaxes(a, -1, -2) + np.eye(4)
L = np.linalg.cholesky(m)
print(np.all(np.triu(L, 1) == 0), np.allclose(L @ np.swapaxes(L, -1, -2), m))
mc = ac @ np.conj(np.swapaxes(ac, -1, -2)) + np.eye(4)
Lc = np.linalg.cholesky(mc)
print(np.all(np.triu(Lc, 1) == 0), np.allclose(Lc @ np.conj(np.swapaxes(Lc, -1, -2)), mc))
q, r = np.linalg.qr(a[0])
print(np.all(np.tril(r, -1) == 0), np.allclose(q @ r, a[0]))
r2 = np.linalg.qr(np.vstack([a[0], a[1]]), mode='r')
print(r2.shape, np.all(np.tril(r2, -1) == 0))
q3, r3 = np.linalg.qr(np.vstack([a[0], a[1]]).T, mode='complete')
print(q3.shape, r3.shape, np.all(np.tril(r3, -1) == 0), np.allclose(q3 @ r3, np.vstack([a[0], a[1]]).T))
# a larger single matrix (cuSOLVER's unbatched LU) and a stack of 40x40
big = np.sin(np.arange(60 * 60, dtype=np.float64).reshape(60, 60)) + 60 * np.eye(60)
print(np.allclose(np.linalg.inv(big) @ big, np.eye(60)), np.round(np.linalg.slogdet(big)[1], 6))
st = np.sin(np.arange(3 * 40 * 40, dtype=np.float64).reshape(3, 40, 40)) + 40 * np.eye(40)
print(np.allclose(np.linalg.solve(st, np.ones((3, 40))[..., None])[..., 0] @ np.zeros(40), 0), np.round(np.linalg.det(st) / 40.0 ** 40, 6))
