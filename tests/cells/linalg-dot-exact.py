# np.dot, @, .dot and vdot of long vectors agree with NumPy to the last bit where the
# result does not depend on the order BLAS sums in: every value here is an integer
# times 2**-7, so every partial sum is exact.  (Over random normals the last bits
# differ between OpenBLAS builds and CPU kernels, for NumPy itself.)
import numpy as np
rng = np.random.default_rng(5)
x = rng.integers(-1000, 1000, 100001) * 2.0 ** -7
y = rng.integers(-1000, 1000, 100001) * 2.0 ** -7
print(repr(np.dot(x, y)), repr(x @ y), repr(x.dot(y)))
print(repr(np.dot(x[::-3], y[::3])))
f = (x[:10001] * 2.0 ** 7 / 40).round().astype(np.float32)
print(repr(np.dot(f, f)), repr(f @ f), repr(np.dot(f[::2], f[1::2])))
m = rng.integers(-1000, 1000, (300, 100001)) * 2.0 ** -7
print(repr((m @ x)[:3]), repr((x[:300] @ m)[:3]))
c = x + 1j * y
print(repr(np.dot(c, c)), repr(np.vdot(c, c)), repr(np.vdot(c[::2], c[1::2])))
