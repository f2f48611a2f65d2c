# The host layout paths: LAPACK's column-major copies from transposed,
# strided and batched views (every float/complex dtype), matmul and
# tensordot reading transposed operands in place, einsum's views and sums,
# integer matmul (every width, wrap-around, transposed operands), kron.
import numpy as np

rng = np.random.default_rng(3)
np.set_printoptions(precision=4, suppress=True)
base = rng.standard_normal((6, 6)) + 6 * np.eye(6)
for dt in (np.float32, np.float64, np.complex64, np.complex128):
    m = base.astype(dt)
    if np.dtype(dt).kind == "c":
        m = m + 0.5j * np.tril(base, -1).astype(dt)
    for name, v in (("C", m), ("T", m.T), ("strided", m[::2, ::2]), ("neg", m[::-1, ::-1])):
        print(np.dtype(dt).name, name, v.flags.c_contiguous)
        print(np.linalg.inv(v))
        print(np.round(np.linalg.det(v), 8), np.linalg.slogdet(v)[1])  # det: getrf kernels differ in the last bits
        print(np.linalg.solve(v, np.arange(v.shape[0], dtype=dt)))
        h = v @ v.conj().T
        print(np.linalg.cholesky(h))
        print(np.linalg.cholesky(h, upper=True))
        print(np.linalg.eigvalsh(h))
        print(np.abs(np.linalg.qr(v, mode="r")))
        print(np.linalg.svd(v, compute_uv=False))

stack = rng.standard_normal((5, 3, 3)) + 3 * np.eye(3)
for v in (stack, stack.transpose(0, 2, 1), stack[::2], stack[:, ::-1, ::-1]):
    print(v.shape, np.round(np.linalg.det(v), 6).tolist())
    print(np.round(np.linalg.inv(v), 12).tolist())  # batched getri: the last bits follow the BLAS kernels
    print(np.round(np.linalg.solve(v, np.ones(v.shape[:-1] + (1,))), 6).tolist())
    print(np.round(np.linalg.cholesky(v @ v.transpose(0, 2, 1)), 6).tolist())
print(np.linalg.inv(np.zeros((0, 3, 3))).shape, np.linalg.det(np.zeros((2, 0, 0))).tolist())

a = rng.standard_normal((7, 5))
b = rng.standard_normal((5, 4))
print(np.round(a.T.T @ b, 8).tolist() == np.round(a @ b, 8).tolist())
print(np.round(np.tensordot(a.T, b.T, axes=([0], [1])), 8).tolist())
print(np.round(np.tensordot(a[:, ::2], b[::2], axes=1), 8).tolist())
t3 = rng.standard_normal((4, 3, 5))
print(np.round(np.tensordot(t3, t3.transpose(1, 2, 0), axes=([1, 2], [0, 1])), 8).tolist())
print(np.round(np.tensordot(t3.transpose(2, 0, 1), t3, axes=([1, 2], [0, 1])), 8).tolist())
print(np.round(np.inner(a, a[:3]), 8).tolist(), np.round(np.inner(a.T, a.T[:2]), 8).tolist())
x = rng.standard_normal(11)
print(np.round(np.vdot(x, x[::-1]), 10), np.round(np.inner(x[::2], x[1::2]), 10))
print(np.round(np.vdot(x.astype(np.float32), x), 6), np.vdot([1, 2, 3], [4, 5, 6]))
c = x[:6] + 1j * x[5:]
print(np.round(np.vdot(c, c[::-1]), 10), np.round(np.inner(c, c), 10))

e = np.arange(12.0).reshape(3, 4)
t = np.einsum("ij->ji", e)
t[0, 1] = 100.0
print(e[1, 0], t.shape, np.einsum("ij", e).base is not None)
sq = np.arange(9.0).reshape(3, 3)
d = np.einsum("ii->i", sq)
d[0] = -5.0
print(sq[0, 0], np.einsum("ii", sq), np.einsum("ij->i", e).tolist(), np.einsum("ij->j", e).tolist())
print(np.einsum("ij->", e), np.einsum("ij,ij->i", e, e).tolist(), np.einsum("ij,ij->", e, e.copy()))
print(np.einsum("ij,j->i", e, np.arange(4.0)).tolist(), np.einsum("i,j->ij", e[0], e[:, 1]).tolist())
print(np.einsum("ij,jk->ik", e, e.T).tolist(), np.einsum("ji,jk->ik", e, e).tolist())
print(np.einsum("bij,bjk->bik", t3[:, :, :3], t3[:, :3, :]).round(8).tolist())
print(np.einsum("ij->j", e.T).tolist(), np.einsum("ij->i", e[:, ::2]).tolist(), np.einsum("ii->i", sq.T).tolist())
print(np.einsum("ij,ij->", e[:, ::-1], e), np.einsum("i,i->", e[0], e[0]), np.einsum("ijk->k", t3).round(8).tolist())
print(np.einsum("ij->ji", np.arange(6).reshape(2, 3)).tolist(), np.einsum("i,i", np.arange(5), np.arange(5)))
print(np.trace(e), np.trace(e.T), np.trace(e, 1), np.trace(np.arange(8).reshape(2, 2, 2)).tolist())

for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
    p = (np.arange(20) * 37 % 23).astype(dt).reshape(4, 5)
    q = (np.arange(15) * 11 % 17).astype(dt).reshape(5, 3)
    print(np.dtype(dt).name, (p @ q).dtype, (p @ q).tolist(), (q.T @ p.T).tolist())
    print((p @ q[:, 0]).tolist(), (p[0] @ q).tolist(), (p[0] @ p[1]), (p[:, ::2] @ q[::2]).tolist())
big = np.full((3, 3), 2**62, dtype=np.int64)
print((big @ big).tolist(), (np.full((2, 2), 100, np.int8) @ np.full((2, 2), 3, np.int8)).tolist())
bi = (np.arange(48) % 7).reshape(3, 4, 4)
print((bi @ bi).tolist(), (bi @ bi.transpose(0, 2, 1))[1].tolist(), np.dot(np.arange(10), np.arange(10)))
print((np.ones((2, 0), int) @ np.ones((0, 3), int)).tolist(), (np.arange(4) > 1) @ (np.arange(4) > 2))
print(np.kron(np.arange(4).reshape(2, 2), np.ones((2, 3), int)).tolist())
print(np.kron(np.eye(2), np.arange(3.0)).tolist(), np.kron(2, 3), np.kron([1, 2], [[1], [2]]).tolist())
print(np.kron(e.T, np.eye(2)[::-1]).shape, np.kron(e.T, np.eye(2)[::-1])[1].tolist())
