# semantics.py — cp on the device against NumPy on the host, for the paths
# that only a GPU runs (the fixes behind the corpus diffs of tests/cells-gpu.test):
# single-precision LU for det, decompositions run on host copies, non-finite
# linalg inputs, scans and complex min/max in dtypes the device kernels lack,
# f-string formats of 0-d device arrays.  Run by tests/gpu/check.sh with
# `LUMEN_DEVICE=cuda lumen run`; prints TAP lines.
import numpy as np
import cupy as cp

count = [0]
def check(name, cond):
    count[0] += 1
    if cond:
        print("ok " + str(count[0]) + " - " + name)
    else:
        print("not ok " + str(count[0]) + " - " + name)

def same(d, h):
    """device result d equals host result h: type, dtype, shape, values (NaNs equal)"""
    if not isinstance(d, cp.ndarray):
        return False
    g = cp.asnumpy(d)
    return g.dtype == np.asarray(h).dtype and g.shape == np.asarray(h).shape and bool(np.array_equal(g, h, equal_nan=True))

def close(d, h, rtol):
    if not isinstance(d, cp.ndarray):
        return False
    g = cp.asnumpy(d)
    return g.dtype == np.asarray(h).dtype and g.shape == np.asarray(h).shape and bool(np.allclose(g, h, rtol=rtol, atol=0))

def raises(f, kind, text):
    try:
        f()
    except kind as e:
        return str(e) == text
    return False

# linalg-det: cuSOLVER's float32 LU was read as double on the host
m32 = np.array([[1, 2], [3, 4]], dtype=np.float32)
check("det of a float32 matrix is -2 (float32 0-d)", close(cp.linalg.det(cp.asarray(m32)), np.linalg.det(m32), 1e-5))
c64 = np.array([[1 + 1j, 2], [3, 4j]], dtype=np.complex64)
check("det of a complex64 matrix", close(cp.linalg.det(cp.asarray(c64)), np.linalg.det(c64), 1e-5))
s, l = cp.linalg.slogdet(cp.asarray(m32))
hs, hl = np.linalg.slogdet(m32)
check("slogdet of a float32 matrix", close(s, hs, 0) and close(l, hl, 1e-5))
b32 = np.arange(18, dtype=np.float32).reshape(2, 3, 3) ** 2
check("det of a float32 stack", close(cp.linalg.det(cp.asarray(b32)), np.linalg.det(b32), 1e-4))

# linalg-eig, linalg-lstsq, mix-linear-fit: computed on host copies, the results
# must come back as device arrays
a = np.array([[2.0, 0.0], [0.0, 3.0]])
w, v = cp.linalg.eig(cp.asarray(a))
hw, hv = np.linalg.eig(a)
check("eig returns device arrays equal to NumPy's", same(w, hw) and same(v, hv))
r = cp.linalg.eig(cp.asarray(a))
check("eig's EigResult stays named (.eigenvectors) with device arrays", isinstance(r.eigenvectors, cp.ndarray))
check("eigvals returns a device array", same(cp.linalg.eigvals(cp.asarray(a)), np.linalg.eigvals(a)))
A = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])
y = np.array([2.0, 5.0, 8.0, 11.0])
x, res, rank, sv = cp.linalg.lstsq(cp.asarray(A), cp.asarray(y), rcond=None)
hx, hres, hrank, hsv = np.linalg.lstsq(A, y, rcond=None)
check("lstsq returns device arrays", close(x, hx, 1e-12) and close(sv, hsv, 1e-12) and int(rank) == hrank)

# linalg-nan: inputs with NaN follow LAPACK (NumPy), not cuSOLVER's pivoting
n = np.array([[1.0, np.nan], [2.0, 3.0]])
dn = cp.asarray(n)
check("inv with a NaN is NumPy's", same(cp.linalg.inv(dn), np.linalg.inv(n)))
check("det with a NaN is nan", bool(cp.isnan(cp.linalg.det(dn))))
check("solve with a NaN is NumPy's", same(cp.linalg.solve(dn, cp.ones(2)), np.linalg.solve(n, np.ones(2))))
check("svd with a NaN raises NumPy's LinAlgError",
      raises(lambda: cp.linalg.svd(dn, compute_uv=False), cp.linalg.LinAlgError, "SVD did not converge"))
check("det of a finite float64 matrix still on the device", close(cp.linalg.det(cp.asarray([[1.0, 2.0], [3.0, 4.0]])), np.linalg.det(np.array([[1.0, 2.0], [3.0, 4.0]])), 1e-12))

# reduce-cumsum, reduce-sum-dtypes: scans in dtypes the device kernels lack
u = np.array([200, 100, 7], dtype=np.uint8)
check("cumsum uint8 with dtype=uint8 wraps", same(cp.cumsum(cp.asarray(u), dtype=cp.uint8), np.cumsum(u, dtype=np.uint8)))
i8 = np.array([100, 100, -3, 5], dtype=np.int8)
check("cumprod int8 with dtype=int8 wraps", same(cp.cumprod(cp.asarray(i8), dtype=cp.int8), np.cumprod(i8, dtype=np.int8)))
bb = np.array([False, True, False])
check("cumsum bool with dtype=bool", same(cp.cumsum(cp.asarray(bb), dtype=cp.bool_), np.cumsum(bb, dtype=np.bool_)))
h = (np.arange(300, dtype=np.float32) * np.float32(0.37)).astype(np.float16)
check("cumsum float16 rounds as NumPy", same(cp.cumsum(cp.asarray(h)), np.cumsum(h)))
z = np.array([1 + 2j, 3 - 1j, 0.5j], dtype=np.complex64)
check("cumsum complex64", same(cp.cumsum(cp.asarray(z)), np.cumsum(z)))
z2 = np.array([[1 + 2j, 3 - 1j], [2j, 1]])
check("cumprod complex128 along axis 0", same(cp.cumprod(cp.asarray(z2), axis=0), np.cumprod(z2, axis=0)))

# reduce-minmax: complex min/max/argmin/argmax
zc = np.array([1 + 1j, 1 - 1j, -2 + 5j, 1 + 0j])
dz = cp.asarray(zc)
check("complex min", same(cp.min(dz), np.asarray(np.min(zc))))
check("complex max", same(dz.max(), np.asarray(zc.max())))
check("complex argmax", same(cp.argmax(dz), np.asarray(np.argmax(zc))))
zm = np.array([[1 + 1j, 1 - 1j], [np.nan + 0j, 3j]])
check("complex max along an axis with a NaN", same(cp.asarray(zm).max(axis=0), zm.max(axis=0)))

# mix-grades, mix-sales-table, ...: format specs on 0-d device arrays
t = cp.asarray(np.array([86.0, 87.0, 86.0])).mean()
check("f-string :6.2f of a 0-d device array", f"{t:6.2f}" == " 86.33")
check("format(0-d int, '>4')", format(cp.asarray(np.array([1, 2, 3])).sum(), ">4") == "   6")
check("f-string :.1% of a 0-d device array", f"{cp.asarray(np.array([0.25])).sum():.1%}" == "25.0%")
check("format of a 1-d array with a spec raises",
      raises(lambda: format(cp.arange(2), ".2f"), TypeError, "unsupported format string passed to cupy.ndarray.__format__"))

# sort-nan: complex sort on the device (NumPy's order, NaNs last)
sc = np.array([1 + 2j, np.nan, 1 - 1j, 0 + 5j])
check("sort of complex128 with a NaN", same(cp.sort(cp.asarray(sc)), np.sort(sc)))
print("1.." + str(count[0]))
