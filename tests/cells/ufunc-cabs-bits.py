# np.abs / np.absolute of complex64 and complex128 arrays with NumPy's bits:
# its SIMD loop computes larger * sqrt(1 + r*r) (r = smaller / larger, one
# fused multiply-add), not libm's hypot -- checksums of the result bits over
# magnitudes spread across the exponent range, views, and inf/NaN parts.
import numpy as np
np.random.seed(2)
n = 100003
# magnitudes 2**-12 .. 2**12 scaled exactly (NumPy's float64 exp and power are
# SVML's on AVX-512 CPUs, glibc's elsewhere)
p2 = np.array([2.0 ** k for k in range(-12, 13)])
z = (np.random.randn(n) * p2[np.random.randint(0, 25, n)] +
     1j * np.random.randn(n) * p2[np.random.randint(0, 25, n)])
sp = np.array([complex(np.inf, np.nan), complex(np.nan, np.inf), complex(np.nan, 1), complex(1, np.nan),
               complex(-np.inf, 2), complex(0, 0), complex(-0.0, -3), complex(3e308, 3e308),
               complex(1e-320, 1e-320), complex(5, -12), complex(np.nan, np.nan), complex(-2, -np.inf)])
for v in [z, z[::3], z[::-7], z.reshape(-1, 1)[:, 0], sp, np.tile(sp, 3)[::2]]:
    a = np.abs(v)
    print(a.dtype, int((a.view(np.uint64) % np.uint64(1000003)).sum()), repr(a[:4]))
    c = v.astype(np.complex64)
    b = np.absolute(c)
    print(b.dtype, int((b.view(np.uint32) % np.uint32(1000003)).astype(np.int64).sum()), repr(b[:4]))
print(np.abs(sp), np.abs(sp.astype(np.complex64)))
print(repr(abs(z[:5])), repr(abs(z[:5].astype(np.complex64))), repr(np.abs(z[:6].reshape(2, 3).T)))
o = np.empty(5)
np.absolute(z[10:15], out=o)
print(repr(o), repr(np.abs(np.array([3 + 4j, 1e200 + 1e200j, 1e-200 - 1e-200j], np.complex128))))
# every length from 1 to 9 (the AVX2 loop's 4- and 8-item steps and their tails)
for k in range(1, 10):
    print(k, np.abs(sp[-k:]), np.abs(sp[:k].astype(np.complex64)))
