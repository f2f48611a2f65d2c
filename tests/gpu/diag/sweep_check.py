# sweep_check.py — the device paths the sweep helper changed (issue 17),
# against NumPy/SciPy on the host: interp, uniform filters, choice without
# replacement, argsort, norm, pad; then their implicit transfers.
import numpy as np
import cupy as cp
import scipy.ndimage as hndi
import cupyx.scipy.ndimage as dndi
import cupyx.scipy.linalg as dla
bad = 0
def same(name, d, h, exact=True):
    global bad
    d = cp.asnumpy(d)
    good = d.shape == h.shape and (np.array_equal(d, h, equal_nan=True) if exact else np.allclose(d, h, rtol=1e-5, atol=1e-6, equal_nan=True))
    if not good:
        bad += 1
        print("BAD", name, d.ravel()[:6], h.ravel()[:6])
rs = np.random.RandomState(3)
xp_ = np.sort(rs.rand(1000)); fp_ = rs.randn(1000); x_ = rs.rand(100000) * 1.2 - 0.1
same("interp", cp.interp(cp.asarray(x_), cp.asarray(xp_), cp.asarray(fp_)), np.interp(x_, xp_, fp_))
same("interp lr", cp.interp(cp.asarray(x_), cp.asarray(xp_), cp.asarray(fp_), left=-3, right=7), np.interp(x_, xp_, fp_, left=-3, right=7))
xf = x_.astype(np.float32)
same("interp f32", cp.interp(cp.asarray(xf), cp.asarray(xp_.astype(np.float32)), cp.asarray(fp_.astype(np.float32))), np.interp(xf, xp_.astype(np.float32), fp_.astype(np.float32)))
same("interp 1", cp.interp(cp.asarray(x_), cp.asarray([0.5]), cp.asarray([2.0])), np.interp(x_, [0.5], [2.0]))
for shape in [(1000, 1000), (37, 1201), (5, 6, 700)]:
    for dt in [np.float32, np.float64]:
        a = (rs.rand(*shape) * 100).astype(dt)
        for m in ["reflect", "constant", "wrap"]:
            for size in [2, 5]:
                same("uniform %s %s %s %d" % (shape, np.dtype(dt).name, m, size),
                     dndi.uniform_filter(cp.asarray(a), size, mode=m), hndi.uniform_filter(a, size, mode=m))
        same("uniform1d axis0 %s" % (shape,), dndi.uniform_filter1d(cp.asarray(a), 4, axis=0), hndi.uniform_filter1d(a, 4, axis=0))
a = rs.rand(2000, 3000).astype(np.float32)
same("uniform big", dndi.uniform_filter(cp.asarray(a), 5), hndi.uniform_filter(a, 5))
for pop, k in [(10, 10), (10, 3), (1000, 1000), (1024, 1024), (5000, 1024), (10**8, 1000), (2000, 1023), (3, 1), (1, 1)]:
    for rep in range(20):
        r = cp.asnumpy(cp.random.choice(pop, k, replace=False))
        if r.shape != (k,) or len(np.unique(r)) != k or r.min() < 0 or r.max() >= pop:
            bad += 1
            print("BAD choice", pop, k, r[:10])
            break
cnt = np.zeros(10)
first = np.zeros(10)
for rep in range(3000):
    r = cp.asnumpy(cp.random.choice(10, 3, replace=False))
    cnt[r] += 1
    first[r[0]] += 1
print("choice 3 of 10 counts", cnt.astype(int), "first", first.astype(int))
for n in [1, 256, 1000003]:
    for dt in [np.uint8, np.uint32, np.float32, np.float64]:
        a = (rs.rand(n) * 1e6).astype(dt)
        same("argsort %d %s" % (n, np.dtype(dt).name), cp.argsort(cp.asarray(a)), np.argsort(a, kind="stable"))
        same("sort %d %s" % (n, np.dtype(dt).name), cp.sort(cp.asarray(a)), np.sort(a))
a = (rs.rand(300, 77) * 50).astype(np.float32)
same("argsort rows", cp.argsort(cp.asarray(a), axis=-1), np.argsort(a, axis=-1, kind="stable"))
m = rs.randn(300, 200).astype(np.float32)
for o in [None, 1, 2, np.inf]:
    for ax in [0, -1]:
        same("norm %s %s" % (o, ax), cp.linalg.norm(cp.asarray(m), o, ax), np.linalg.norm(m, o, ax), exact=False)
same("pad", cp.pad(cp.asarray(m), 2), np.pad(m, 2))
same("pad cv", cp.pad(cp.asarray(m), ((1, 2), (3, 0)), constant_values=((1, 2), (3, 4))), np.pad(m, ((1, 2), (3, 0)), constant_values=((1, 2), (3, 4))))
def xf_(name, f):
    f(); cp.cuda.Device().synchronize()
    cp.cuda.lumen_transfer_reset()
    f(); cp.cuda.Device().synchronize()
    print("xfer", name, cp.cuda.lumen_transfer_count(), cp.cuda.lumen_transfer_sites())
d2 = cp.asarray(m)
xf_("interp", lambda: cp.interp(cp.asarray(x_), cp.asarray(xp_), cp.asarray(fp_)))
xf_("norm axis0", lambda: cp.linalg.norm(d2, axis=0))
xf_("norm", lambda: cp.linalg.norm(d2))
xf_("inv batched", lambda: cp.linalg.inv(cp.ones((100, 4, 4), cp.float32) + 4 * cp.eye(4, dtype=cp.float32)))
xf_("expm", lambda: dla.expm(d2[:32, :32] / 32))
xf_("choice", lambda: cp.random.choice(10**6, 1000, replace=False))
xf_("uniform", lambda: dndi.uniform_filter(d2, 5))
xf_("pad", lambda: cp.pad(d2, 2))
import time
for name, f in [("uniform 1000^2 f32", lambda: dndi.uniform_filter(cp.asarray(a[:1000, :1000]), 5)),
                ("choice 1e6 no replace", lambda: cp.random.choice(10**6, 1000, replace=False)),
                ("interp 1e6", lambda: cp.interp(cp.asarray(x_), cp.asarray(xp_), cp.asarray(fp_))),
                ("pad 1000^2", lambda: cp.pad(d2, 2)), ("norm axis0", lambda: cp.linalg.norm(d2, axis=0))]:
    f(); cp.cuda.Device().synchronize()
    t = time.perf_counter()
    for i in range(20):
        f()
    cp.cuda.Device().synchronize()
    print("time", name, round((time.perf_counter() - t) / 20 * 1e3, 4), "ms")
print("bad", bad)
