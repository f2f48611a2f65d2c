# nanprod / prod / multiply of complex: NumPy's elementwise loop (also the
# lanes of a reduction down axis 0) fuses one product of each part with an
# fma; its reduce along a row multiplies plainly.
import numpy as np
np.random.seed(5)
x = np.random.rand(6, 7) * 4 - 1
x[x > 2.2] = np.nan
for y in [(x + 1j * x[::-1]).astype(np.complex64), x + 1j * x[::-1]]:
    for ax in [None, 0, 1]:
        print(repr(np.nanprod(y, axis=ax)), repr(np.prod(np.nan_to_num(y), axis=ax)))
    print(repr(y[0] * y[1]), repr(np.multiply(y[0], y[1].conj())), repr(y[2, ::2] * (0.5 - 1.25j)), repr(y.T[3] * y.T[4]))
np.random.seed(1)
for dt in [np.complex64, np.complex128]:
    a = ((np.random.rand(5000) - .5) + 1j * (np.random.rand(5000) - .5)).astype(dt)
    b = ((np.random.rand(5000) - .5) + 1j * (np.random.rand(5000) - .5)).astype(dt)
    u = np.uint32 if dt == np.complex64 else np.uint64
    for r in [a * b, np.multiply(a, b.conj()), a[::3] * b[1::3], a * b[7], np.cumprod(a[:40]), np.prod(a.reshape(50, 100), axis=1),
              np.cumprod(a[:400].reshape(20, 20), axis=0), np.cumprod(a[:400].reshape(20, 20).T, axis=1), np.nancumprod(a[:60].reshape(3, 20), axis=1)]:
        print(int((np.ascontiguousarray(r).view(u) % u(1000003)).astype(np.int64).sum()))
