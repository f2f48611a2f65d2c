# sweep_reduce.py — reductions and statistics on host arrays over the shapes
# users time, run unchanged by `lumen run` (Lumen's host backend) and by
# python3 with NumPy: one line per workload, "name|ms", the best of N runs
# timed with time.perf_counter (the style of host_vs_numpy.py; join both
# outputs with host_table.py).  Shapes: 1-D (N elements), 2-D 2000x2000
# along each axis, tall 400000x10 and wide 10x400000, a transposed view and a
# strided view; float32/float64/int64, plus bool/int32 where it matters.
import time
import numpy as np

N = 4000000

def row(name, f, *args, reps=3):
    try:
        f(*args)
        best = 1e30
        for i in range(reps):
            t = time.perf_counter()
            f(*args)
            best = min(best, time.perf_counter() - t)
        print(name + "|" + str(round(best * 1000, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

np.random.seed(0)
base = np.random.rand(N)
arrs = {}
arrs["f64"] = base
arrs["f32"] = base.astype(np.float32)
arrs["i64"] = (base * 1000).astype(np.int64)

# shape cases: (label, function making the view from a 1-D array of N, axis list)
def sq(x):
    return x.reshape(2000, 2000)
def tall(x):
    return x.reshape(400000, 10)
def wide(x):
    return x.reshape(10, 400000)
def sqT(x):
    return x.reshape(2000, 2000).T
def strided(x):
    return x.reshape(2000, 2000)[:, ::2]
def cube(x):
    return x.reshape(100, 200, 200)

cases = [("1d", lambda x: x, [None]),
         ("2000^2", sq, [None, 0, 1]),
         ("400000x10", tall, [0, 1]),
         ("10x400000", wide, [0, 1]),
         ("2000^2.T", sqT, [None, 0, 1]),
         ("2000^2[:,::2]", strided, [None, 0, 1]),
         ("100x200x200", cube, [(0, 2), -1])]

def sweep(fname, f, dts, which=None):
    for dt in dts:
        x = arrs[dt]
        for label, mk, axes in cases:
            if which is not None and label not in which:
                continue
            v = mk(x)
            for ax in axes:
                row("%s %s %s axis=%s" % (fname, dt, label, ax), f, v, ax)

sweep("sum", lambda v, ax: v.sum(axis=ax), ["f32", "f64", "i64"])
sweep("mean", lambda v, ax: v.mean(axis=ax), ["f32", "f64"])
sweep("std", lambda v, ax: v.std(axis=ax), ["f32", "f64"], ["1d", "2000^2", "400000x10", "2000^2.T"])
sweep("var", lambda v, ax: np.var(v, axis=ax), ["f64"], ["1d", "2000^2", "10x400000"])
sweep("max", lambda v, ax: v.max(axis=ax), ["f32", "f64", "i64"])
sweep("min", lambda v, ax: np.min(v, axis=ax), ["f64"], ["1d", "2000^2", "400000x10", "2000^2.T"])
sweep("argmax", lambda v, ax: v.argmax(axis=ax), ["f32", "f64", "i64"], ["1d", "2000^2", "400000x10", "10x400000", "2000^2.T"])
sweep("argmin", lambda v, ax: np.argmin(v, axis=ax), ["f64"], ["1d", "2000^2", "400000x10"])
sweep("prod", lambda v, ax: v.prod(axis=ax), ["f64"], ["1d", "2000^2"])
sweep("ptp", lambda v, ax: np.ptp(v, axis=ax), ["f64"], ["1d", "2000^2"])
sweep("cumsum", lambda v, ax: np.cumsum(v, axis=ax), ["f32", "f64", "i64"], ["1d", "2000^2", "400000x10", "10x400000", "2000^2.T"])
sweep("cumprod", lambda v, ax: np.cumprod(v, axis=ax), ["f64"], ["1d", "2000^2"])
sweep("diff", lambda v, ax: np.diff(v, axis=-1 if ax is None else ax), ["f32", "f64", "i64"], ["1d", "2000^2", "400000x10"])
sweep("median", lambda v, ax: np.median(v, axis=ax), ["f64"], ["1d", "2000^2", "400000x10"])
sweep("percentile90", lambda v, ax: np.percentile(v, 90, axis=ax), ["f64", "f32"], ["1d", "2000^2"])
sweep("quantile[.25,.75]", lambda v, ax: np.quantile(v, [0.25, 0.75], axis=ax), ["f64"], ["1d", "2000^2"])
sweep("average", lambda v, ax: np.average(v, axis=ax), ["f64"], ["1d", "2000^2"])

for dt in ["f32", "f64"]:
    x = arrs[dt].copy()
    x[::1000] = np.nan
    for label, mk, axes in cases[:3]:
        v = mk(x)
        for ax in axes:
            row("nansum %s %s axis=%s" % (dt, label, ax), np.nansum, v, ax)
            row("nanmean %s %s axis=%s" % (dt, label, ax), np.nanmean, v, ax)
            row("nanmax %s %s axis=%s" % (dt, label, ax), np.nanmax, v, ax)
            row("nanmin %s %s axis=%s" % (dt, label, ax), np.nanmin, v, ax)
    row("nanstd %s 1d" % dt, lambda: np.nanstd(x))
    row("nanmedian %s 1d" % dt, lambda: np.nanmedian(x))

m = arrs["f64"] > 0.5
arrs["bool"] = m
arrs["i32"] = arrs["i64"].astype(np.int32)
sweep("any", lambda v, ax: v.any(axis=ax), ["bool", "f64"], ["1d", "2000^2", "400000x10"])
sweep("all", lambda v, ax: np.all(v, axis=ax), ["bool", "i64"], ["1d", "2000^2", "400000x10"])
sweep("count_nonzero", lambda v, ax: np.count_nonzero(v, axis=ax), ["bool", "f64", "i64"], ["1d", "2000^2", "400000x10"])
sweep("sum", lambda v, ax: v.sum(axis=ax), ["bool", "i32"], ["1d", "2000^2", "400000x10"])
sweep("max", lambda v, ax: v.max(axis=ax), ["i32"], ["1d", "2000^2"])
row("sum dtype=f64 f32 1d", lambda: arrs["f32"].sum(dtype=np.float64))
row("mean dtype=f64 f32 2000^2 axis=0", lambda: sq(arrs["f32"]).mean(axis=0, dtype=np.float64))
out = np.empty(2000)
row("sum out= f64 2000^2 axis=1", lambda: np.sum(sq(arrs["f64"]), axis=1, out=out))
row("sum keepdims f64 2000^2 axis=1", lambda: np.sum(sq(arrs["f64"]), axis=1, keepdims=True))
row("sum axis=(0,1) f64 100x200x200", lambda: cube(arrs["f64"]).sum(axis=(0, 1)))
row("sum f64 1d[::-1]", lambda: arrs["f64"][::-1].sum())
row("sum f64 1d[::3]", lambda: arrs["f64"][::3].sum())

# statistics on 1-D data
xi = arrs["i64"]
row("bincount i64 1d", np.bincount, xi)
row("bincount weights i64 1d", lambda: np.bincount(xi, weights=arrs["f64"]))
row("histogram f64 bins=10", lambda: np.histogram(arrs["f64"], bins=10))
row("histogram f64 bins=1000", lambda: np.histogram(arrs["f64"], bins=1000))
row("histogram f32 bins=100", lambda: np.histogram(arrs["f32"], bins=100))
row("histogram i64 bins=50", lambda: np.histogram(xi, bins=50))
edges = np.sort(np.random.rand(101))
row("histogram f64 explicit bins", lambda: np.histogram(arrs["f64"], bins=edges))
row("unique i64 1d", np.unique, xi)
row("unique i64 return_counts", lambda: np.unique(xi, return_counts=True))
row("unique f32 1d", np.unique, arrs["f32"])
srt = np.sort(arrs["f64"])
q = np.random.rand(N // 4)
row("searchsorted f64 1e6 in 4e6", lambda: np.searchsorted(srt, q))
row("searchsorted f64 sorted keys", lambda: np.searchsorted(srt, srt[::4]))
row("searchsorted i64 right", lambda: np.searchsorted(np.sort(xi), xi[:N // 4], side="right"))
for dt in ["f32", "f64", "i64"]:
    x = arrs[dt]
    row("clip %s 1d" % dt, np.clip, x, 100 if dt == "i64" else 0.1, 900 if dt == "i64" else 0.9)
    row("clip %s 2000^2.T" % dt, np.clip, sqT(x), 100 if dt == "i64" else 0.1, 900 if dt == "i64" else 0.9)
    row("where(x>.5,x,0) %s 1d" % dt, lambda: np.where(x > (500 if dt == "i64" else 0.5), x, 0))
    row("where(m,x,y) %s 1d" % dt, np.where, m, x, x[::-1])
row("x.clip(min=0.5) f64", lambda: arrs["f64"].clip(min=0.5))
row("where(m,x,y) f64 2000^2.T", lambda: np.where(sqT(m), sqT(arrs["f64"]), 0.0))
