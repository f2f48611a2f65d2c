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
# CuPy's eig/eigvals are complex whatever the eigenvalues (NumPy's turn real when all are)
check("eig returns complex device arrays equal to NumPy's", same(w, hw.astype(np.complex128)) and same(v, hv.astype(np.complex128)))
check("eigvals of a float32 matrix is complex64 on the device",
      close(cp.linalg.eigvals(cp.asarray(m32)), np.linalg.eigvals(m32).astype(np.complex64), 1e-5))
r = cp.linalg.eig(cp.asarray(a))
check("eig's EigResult stays named (.eigenvectors) with device arrays", isinstance(r.eigenvectors, cp.ndarray))
check("eigvals returns a device array", same(cp.linalg.eigvals(cp.asarray(a)), np.linalg.eigvals(a).astype(np.complex128)))

# linalg-pinv-rank: the SVD of a rank-deficient matrix (gesvdp's checks let
# its tiny singular values through wrong: pinv came out at 1e14)
for shape in [(2, 3), (3, 2), (64, 48)]:
    o = np.ones(shape)
    if o.size < 10:   # a bigger one's noise singular values may pass pinv's cutoff, as in LAPACK
        check("pinv of a rank-1 %dx%d matrix" % shape,
              bool(np.allclose(cp.asnumpy(cp.linalg.pinv(cp.asarray(o))), np.linalg.pinv(o), rtol=1e-9, atol=1e-12)))
    s1 = cp.asnumpy(cp.linalg.svd(cp.asarray(o), compute_uv=False))
    check("svd values of a rank-1 %dx%d matrix" % shape,
          bool(abs(s1[0] - np.sqrt(o.size)) < 1e-9 * s1[0] and np.all(np.abs(s1[1:]) < 1e-12 * s1[0])))
    u, sv, vt = cp.linalg.svd(cp.asarray(o), full_matrices=False)
    check("svd of a rank-1 %dx%d matrix reconstructs it with orthonormal factors" % shape,
          bool(np.allclose(cp.asnumpy((u * sv) @ vt), o, atol=1e-10))
          and bool(np.allclose(cp.asnumpy(u.T @ u), np.eye(u.shape[1]), atol=1e-10))
          and bool(np.allclose(cp.asnumpy(vt @ vt.T), np.eye(vt.shape[0]), atol=1e-10)))
check("matrix_rank of a rank-1 matrix on the device", int(cp.linalg.matrix_rank(cp.asarray(np.ones((3, 3))))) == 1)
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
      raises(lambda: format(cp.arange(2), ".2f"), TypeError, "unsupported format string passed to numpy.ndarray.__format__"))

# sort-nan: complex sort on the device (NumPy's order, NaNs last)
sc = np.array([1 + 2j, np.nan, 1 - 1j, 0 + 5j])
check("sort of complex128 with a NaN", same(cp.sort(cp.asarray(sc)), np.sort(sc)))
# the complex radix sort's keys: rows, NaN parts above +inf, ties on the real part
g2 = np.random.default_rng(11)
zr = g2.integers(-3, 3, size=(3, 1000)).astype(np.float32)
zi = g2.integers(-3, 3, size=(3, 1000)).astype(np.float32)
zr[0, ::7] = np.nan
zi[1, ::5] = np.nan
zr[2, ::11] = np.inf
zi[2, ::13] = -np.inf
zs = zr.astype(np.complex64)
zs.imag = zi   # not zr + 1j * zi: 1j * nan is nan+nanj
zs[0, 3] = complex(np.nan, np.nan)
check("sort of 3x1000 complex64 with NaNs, infs and ties, row by row", same(cp.sort(cp.asarray(zs)), np.sort(zs)))
check("sort of the flattened 3000 complex64", same(cp.sort(cp.asarray(zs.ravel())), np.sort(zs.ravel())))
check("sort along axis 0 of complex128", same(cp.sort(cp.asarray(zs.astype(np.complex128)), axis=0), np.sort(zs.astype(np.complex128), axis=0)))

# ReductionKernel over rows (device only: host mode has no ReductionKernel): a warp per row (many or short rows), a block per
# row (few long ones); any reduce type folds through shared memory
if hasattr(cp, 'ReductionKernel'):
    rk_sq = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'sem_l2sq')
    rk_max = cp.ReductionKernel('T x', 'T y', 'x', 'max(a, b)', 'y = a', '-1000000000', 'sem_rowmax')
    gen = np.random.default_rng(5)
    hi = gen.integers(-1000, 1000, size=(3000, 37))
    check("ReductionKernel max along axis=1 of 3000x37 int64 (a warp per row)", same(rk_max(cp.asarray(hi), axis=1), hi.max(axis=1)))
    check("ReductionKernel sum of squares along axis=0 of 3000x37 int64", same(rk_sq(cp.asarray(hi), axis=0), (hi * hi).sum(axis=0)))
    hl = gen.integers(-1000, 1000, size=(3, 100001))
    check("ReductionKernel sum of squares along axis=1 of 3x100001 int64 (a block per row)", same(rk_sq(cp.asarray(hl), axis=1), (hl * hl).sum(axis=1)))
    hf = gen.random((5000, 700), dtype=np.float32)
    check("ReductionKernel sum of squares along axis=1 of 5000x700 float32",
          close(rk_sq(cp.asarray(hf), axis=1), (hf.astype(np.float64) ** 2).sum(axis=1).astype(np.float32), 1e-5))
    hz = (gen.integers(-9, 9, size=(2500, 33)) + 1j * gen.integers(-9, 9, size=(2500, 33))).astype(np.complex128)
    check("ReductionKernel sum of squares along axis=1 of 2500x33 complex128", same(rk_sq(cp.asarray(hz), axis=1), (hz * hz).sum(axis=1)))
    check("ReductionKernel over rows of length 0", same(rk_sq(cp.asarray(np.zeros((4000, 0))), axis=1), np.zeros(4000)))

# devperf (tests/gpu/sweep_devperf.sh runs this file under its knob settings
# too): staged transfers about the chunk boundaries (16 MiB by default), odd
# sizes, non-contiguous sources both ways; uniform draws in [0, 1); the SVD
# sorted and reconstructing whatever LUMEN_SVD picks
# (2 MiB + 3 and 18 MiB + 5: a copy split among the team lost its last few
# bytes when the size over the team was a whole number of pages)
for nb in [(1 << 20) + 1, (2 << 20) + 3, (16 << 20) - 1, 16 << 20, (16 << 20) + 1, (18 << 20) + 5, (48 << 20) + 4093, (40 << 20) + 13]:
    hb = (np.arange(nb, dtype=np.int64) * 2654435761 % 251).astype(np.uint8)
    db = cp.asarray(hb)
    check("asarray/asnumpy round trip of " + str(nb) + " bytes", bool(np.array_equal(cp.asnumpy(db), hb)) and bool(np.array_equal(db.get(), hb)))
hs = np.arange(3 * 2000003, dtype=np.float32)
check("asarray of a strided 6e6 float32 view (::3)", same(cp.asarray(hs[::3]), hs[::3]))
h2 = np.arange(3000 * 2001, dtype=np.float64).reshape(3000, 2001)
check("asarray of a transposed 3000x2001 float64", same(cp.asarray(h2.T), h2.T))
d2 = cp.asarray(h2)
check("asnumpy of a transposed and a strided device view", bool(np.array_equal(cp.asnumpy(d2.T), h2.T)) and bool(np.array_equal(d2[::2, 1::3].get(), h2[::2, 1::3])))
ru = cp.random.rand(4000037, dtype=cp.float32)
check("random.rand float32 in [0, 1), mean 1/2", float(ru.min()) >= 0 and float(ru.max()) < 1 and abs(float(ru.mean()) - 0.5) < 1e-3)
ru = cp.random.uniform(-2, 3, 1000001)
lo, hi, mu = float(ru.min()), float(ru.max()), float(ru.mean())
check("random.uniform(-2, 3) float64 in [-2, 3) (min %r, max %r, mean %r, dtype %s)" % (lo, hi, mu, ru.dtype),
      lo >= -2 and hi < 3 and abs(mu - 0.5) < 0.01)
gs = np.random.default_rng(3)
for name, hm in [("random 200x200 float32", gs.random((200, 200), dtype=np.float32)),
                 ("rank-3 120x90 float64", gs.random((120, 3)) @ gs.random((3, 90))),
                 ("tiny 2x3 float32", np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)),
                 ("complex128 30x50", gs.random((30, 50)) + 1j * gs.random((30, 50)))]:
    dm = cp.asarray(hm)
    u, sv, vt = cp.linalg.svd(dm)
    k = min(hm.shape)
    rec = cp.asnumpy((u[:, :k] * sv) @ vt[:k, :])
    tol = 1e-4 if hm.dtype in (np.float32, np.complex64) else 1e-10
    hsv = np.linalg.svd(hm, compute_uv=False)
    good = bool(np.all(cp.asnumpy(sv)[:-1] >= cp.asnumpy(sv)[1:])) and bool(np.allclose(cp.asnumpy(sv), hsv, rtol=tol, atol=tol * hsv[0]))
    good = good and float(np.abs(rec - hm).max()) <= tol * float(np.abs(hm).max()) * 10
    good = good and float(np.abs(cp.asnumpy(u.conj().T @ u) - np.eye(u.shape[1])).max()) <= tol * 10
    check("svd of a " + name + ": values sorted as NumPy's, U S Vt reconstructs, U unitary", good)

# cp.where(c, x, y) is one kernel on the device (the "_where" loops): every
# dtype, broadcast operands, a non-bool condition, views, Python scalars
hc = np.arange(24.).reshape(4, 6) % 3 == 0
for dt in (np.bool_, np.int8, np.uint16, np.int32, np.int64, np.float16, np.float32, np.float64,
           np.complex64, np.complex128):
    hx = (np.arange(24) - 7).reshape(4, 6).astype(dt)
    hy = np.arange(6)[::-1].astype(dt)
    check("cp.where(c, x, y) " + np.dtype(dt).name + " with y broadcast",
          same(cp.where(cp.asarray(hc), cp.asarray(hx), cp.asarray(hy)), np.where(hc, hx, hy)))
hx = np.linspace(-3, 3, 24).reshape(4, 6)
check("cp.where of transposed views, a Python scalar y",
      same(cp.where(cp.asarray(hc).T, cp.asarray(hx).T, 0), np.where(hc.T, hx.T, 0)))
check("cp.where with a float condition and an int8 / float32 mix",
      same(cp.where(cp.asarray(hx), cp.asarray(hx).astype(cp.int8), cp.asarray(hx, dtype=cp.float32)),
           np.where(hx, hx.astype(np.int8), hx.astype(np.float32))))
check("cp.where(0-d condition, x, y)", same(cp.where(cp.asarray(True), cp.asarray(hx), 1.5), np.where(True, hx, 1.5)))
check("cp.where on shapes that do not broadcast names them as NumPy does",
      raises(lambda: cp.where(cp.asarray(hc), cp.asarray(hx), cp.ones(4)), ValueError,
             "operands could not be broadcast together with shapes (4,6) (4,6) (4,) "))
check("cp.where of empty operands", same(cp.where(cp.zeros((0, 3), bool), 1, 2), np.where(np.zeros((0, 3), bool), 1, 2)))

# cp.histogram / cp.bincount count on the device (cuda_count.c): the same
# bins as NumPy's for uniform bins (shared-memory and global-atomic paths),
# array bins, range= with items outside it, float16/int input, density
np.random.seed(5)
hv = np.random.standard_normal(1000003).astype(np.float32)
for bins in (7, 100, 5000, 10000):
    h, e = cp.histogram(cp.asarray(hv), bins=bins)
    hh, he = np.histogram(hv, bins=bins)
    check("cp.histogram of 1e6 float32, bins=" + str(bins), same(h, hh) and same(e, he))
h, e = cp.histogram(cp.asarray(hv.astype(np.float64)), bins=64, range=(-1, 2))
hh, he = np.histogram(hv.astype(np.float64), bins=64, range=(-1, 2))
check("cp.histogram with range= drops what falls outside", same(h, hh) and same(e, he))
edges = np.array([-3.0, -1.0, -0.5, 0.0, 0.1, 0.7, 2.0, 5.0])
h, e = cp.histogram(cp.asarray(hv), bins=cp.asarray(edges))
hh, he = np.histogram(hv, bins=edges)
check("cp.histogram with array bins (the last one closed)", same(h, hh) and same(e, he))
h, e = cp.histogram(cp.asarray(hv[:50000].astype(np.float16)), bins=33)
hh, he = np.histogram(hv[:50000].astype(np.float16), bins=33)
check("cp.histogram of float16", same(h, hh) and same(e, he))
hi = np.random.randint(-50, 1000, 200001)
h, e = cp.histogram(cp.asarray(hi)[::3], bins=17, density=True)
hh, he = np.histogram(hi[::3], bins=17, density=True)
check("cp.histogram of a strided int64 view, density=True", close(h, hh, 1e-12) and same(e, he))
hn = hv[:1000].copy(); hn[7] = np.nan
check("cp.histogram of data with a NaN and no range: NumPy's error",
      raises(lambda: cp.histogram(cp.asarray(hn)), ValueError, "autodetected range of [nan, nan] is not finite"))
h, e = cp.histogram(cp.asarray(hn), bins=4, range=(0, 1))
hh, he = np.histogram(hn, bins=4, range=(0, 1))
check("cp.histogram with a NaN and a range skips the NaN", same(h, hh) and same(e, he))
hb = np.random.randint(0, 3000, 1000001)
check("cp.bincount of 1e6 ints", same(cp.bincount(cp.asarray(hb)), np.bincount(hb)))
check("cp.bincount of int8 with minlength", same(cp.bincount(cp.asarray(hb % 100).astype(cp.int8), minlength=300),
                                                 np.bincount((hb % 100).astype(np.int8), minlength=300)))
check("cp.bincount of bools", same(cp.bincount(cp.asarray(hb % 2 == 0)), np.bincount(hb % 2 == 0)))
check("cp.bincount of an empty array", same(cp.bincount(cp.zeros(0, cp.int64)), np.bincount(np.zeros(0, np.int64))))
check("cp.bincount of a negative item: NumPy's error",
      raises(lambda: cp.bincount(cp.asarray([3, -1, 2])), ValueError, "'list' argument must have no negative elements"))
check("cp.bincount with weights (host path) still agrees",
      close(cp.bincount(cp.asarray(hb[:1000]), weights=cp.asarray(hv[:1000].astype(np.float64))),
            np.bincount(hb[:1000], weights=hv[:1000].astype(np.float64)), 1e-12))

# device arrays as arguments of paths that compute on the host and return to
# the device (linspace/logspace with array endpoints, cov weights, interp
# bounds): they read the cp array, they do not refuse it
ls0, ls1 = np.array([0.0, 1.0], np.float32), np.array([2.0, 5.0])
check("cp.linspace of cp array endpoints", close(cp.linspace(cp.asarray(ls0), cp.asarray(ls1), 5),
                                                  np.linspace(ls0, ls1, 5), 1e-6))
check("cp.linspace of a strided cp array and a scalar, axis=1",
      close(cp.linspace(cp.arange(6.0)[::2], 10, 3, axis=1), np.linspace(np.arange(6.0)[::2], 10, 3, axis=1), 1e-12))
check("cp.logspace with a cp base array", close(cp.logspace(0, 2, 3, base=cp.asarray([2.0, 3.0])),
                                                np.logspace(0, 2, 3, base=[2.0, 3.0]), 1e-12))
cx = np.arange(20.0).reshape(2, 10) ** 1.5
cw, cf = np.arange(1, 11) * 0.3, np.arange(10) % 3
check("cp.cov with cp aweights and fweights", close(cp.cov(cp.asarray(cx), aweights=cp.asarray(cw), fweights=cp.asarray(cf)),
                                                    np.cov(cx, aweights=cw, fweights=cf), 1e-12))
ix = np.linspace(-1, 6, 15)
check("cp.interp with 0-d cp left/right", close(cp.interp(cp.asarray(ix), cp.arange(5.0), cp.arange(5.0) ** 2,
                                                          left=cp.asarray(-7.0), right=cp.asarray(9.0)),
                                                np.interp(ix, np.arange(5.0), np.arange(5.0) ** 2, left=-7.0, right=9.0), 1e-12))

# cp.arange fills on the device (cuda_fill.c): the same bits as NumPy's fill for every
# dtype, past one grid of threads, with wrapping integers and rounded float16
def bits(d, h):
    return isinstance(d, cp.ndarray) and d.dtype == h.dtype and d.shape == h.shape and cp.asnumpy(d).tobytes() == h.tobytes()
for args, kw in [((3000001,), {}), ((0.1, 1e6, 0.7), {"dtype": "float32"}), ((-5.5, 7.3e5, 0.37), {}),
                 ((0, 300, 7), {"dtype": "int8"}), ((250, 0, -3), {"dtype": "uint8"}),
                 ((1, 70000, 3), {"dtype": "int16"}), ((0, 2**40, 2**20 + 1), {"dtype": "uint64"}),
                 ((0.5, 300.0, 0.1), {"dtype": "float16"}), ((3,), {"dtype": "float64"}),
                 ((1 + 2j, 5000 + 10j, 0.5 + 0.25j), {}), ((0, 9000, 0.3), {"dtype": "complex64"}),
                 ((1, 4), {"dtype": "int32"}), ((2,), {}), ((0, 1e6, 1.0 / 3), {})]:
    check("cp.arange%s %s has NumPy's bits" % (args, kw), bits(cp.arange(*args, **kw), np.arange(*args, **kw)))
check("cp.arange of booleans past two items is NumPy's TypeError",
      raises(lambda: cp.arange(0, 3, dtype=bool), TypeError,
             "arange() is only supported for booleans when the result has at most length 2."))
# cp.linspace of scalars fills on the device too (i*step + start, the last item stop)
for args, kw in [((0, 1, 10000000), {}), ((-3.5, 7.25, 1001), {"endpoint": False}), ((0, 1, 3001), {"dtype": "float32"}),
                 ((-7.5, 20.2, 999), {"dtype": "int32"}), ((5, -5, 3), {}), ((1e-300, 2e-300, 7), {}), ((-0.0, 1.0, 5), {}),
                 ((2, 3, 2), {}), ((2, 3, 1), {}), ((2, 3, 0), {}), ((4, 4, 6), {}), ((0, np.inf, 4), {}), ((1, 2, 9), {"dtype": "float16"}),
                 ((0, 10, 11), {"dtype": "uint8"}), ((1, 2, 5), {"dtype": "complex64"})]:
    check("cp.linspace%s %s has NumPy's bits" % (args, kw), bits(cp.linspace(*args, **kw), np.linspace(*args, **kw)))
ly, ls = cp.linspace(0, 1, 1000, retstep=True)
hy, hs = np.linspace(0, 1, 1000, retstep=True)
check("cp.linspace retstep", bits(ly, hy) and ls == hs)
# ldexp / frexp: NVRTC's ldexpf / frexpf behind uf_helpers.h's uf_ldexp /
# uf_frexp_m / uf_frexp_e, float16 through float, exponents clamped to int
fx = np.array([0.3, 7.0, -1e300, 5e-324, 0.0, -0.0, np.inf, np.nan])
for fdt in (np.float16, np.float32, np.float64):
    fa = fx.astype(fdt)
    fm, fe = cp.frexp(cp.asarray(fa))
    hm, he = np.frexp(fa)
    check("cp.frexp of " + np.dtype(fdt).name, same(fm, hm) and same(fe, he))
    for edt in (np.int8, np.int32, np.int64):
        ex = np.array([1, -3, 5, 120, -120, 0, 3, 1] if edt == np.int8 else [1, -3, 5, 2000, -2000, 0, 3, 1], edt)
        check("cp.ldexp of %s, %s" % (np.dtype(fdt).name, np.dtype(edt).name),
              same(cp.ldexp(cp.asarray(fa), cp.asarray(ex)), np.ldexp(fa, ex)))
    check("cp.ldexp of " + np.dtype(fdt).name + " and a Python int", same(cp.ldexp(cp.asarray(fa), 3), np.ldexp(fa, 3)))
check("cp.ldexp of int arrays is float64", same(cp.ldexp(cp.array([1, 2]), cp.array([3, 4])), np.ldexp(np.array([1, 2]), np.array([3, 4]))))
check("cp.ldexp clamps an int64 exponent", same(cp.ldexp(cp.array([1.0, 1.0]), cp.array([2**40, -2**40])),
                                               np.ldexp(np.array([1.0, 1.0]), np.array([2**40, -2**40]))))
fmo, feo = cp.empty(8), cp.empty(8, cp.int32)
fr = cp.frexp(cp.asarray(fx), out=(fmo, feo))
check("cp.frexp out= returns its outputs", fr[0] is fmo and fr[1] is feo and same(fmo, np.frexp(fx)[0]) and same(feo, np.frexp(fx)[1]))
check("cp.ldexp(*cp.frexp(x)) is x", same(cp.ldexp(*cp.frexp(cp.asarray(fx))), fx))
check("cp.ldexp in a fused expression", same(cp.ldexp(cp.asarray(fx), 2) + 1, np.ldexp(fx, 2) + 1))
check("cp.median of complex", same(cp.median(cp.array([3+1j, 1+2j, 2+0j, 1+1j])), np.median(np.array([3+1j, 1+2j, 2+0j, 1+1j]))))

print("1.." + str(count[0]))
