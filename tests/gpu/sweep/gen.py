# gen.py — writes the device sweep's cell files, one per group of
# tests/gpu/sweep/rows.py, each run unchanged by `lumen run` and by python3
# with CuPy (tests/gpu/sweep.sh runs them, tests/gpu/sweep/table.py reads
# them).  A file times each row with CUDA events (median), counts Lumen's
# implicit device-to-host transfers, digests the result on the device (for
# the comparison with CuPy's run) and, up to the row's check size, compares
# it with the host reference (np / scipy on the same inputs).
# usage: python3 gen.py OUTDIR [--only REGEX] [--tiers 1,2,3]
#        [--budget SECONDS] [--limit-ms MS] [--dtypes LIST] [--check-max N]
# The files print one line per row (see PRELUDE); gen.py never runs them.
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rows as rowdefs  # noqa: E402

PRELUDE = r'''
# Lines: B|seq|... before a row runs (a crash leaves it unanswered),
# R|seq|group|name|shape|dtype|axis|ms|reps|bytes|xfers|check|digest,
# E|seq|group|name|shape|dtype|axis|message, S|seq|...|reason (skipped),
# I|key|value (the card, the budget's end).
import math
import sys
import time
import numpy as np
import cupy as cp

T0 = time.perf_counter()
_xc = getattr(cp.cuda, "lumen_transfer_count", None)


def xcount():
    if _xc is None:
        return 0
    return _xc()


# host mode (no device: LUMEN_DEVICE=host) has no cp.cuda.Device / Event;
# the files then time with time.perf_counter
HAVE_DEV = hasattr(cp.cuda, "Device") and hasattr(cp.cuda, "Event")


def sync():
    if HAVE_DEV:
        cp.cuda.Device().synchronize()


def flush():
    f = getattr(sys.stdout, "flush", None)
    if f is not None:
        f()


def card():
    if not hasattr(cp.cuda.runtime, "getDeviceProperties"):
        return "no device (host mode)"
    p = cp.cuda.runtime.getDeviceProperties(0)
    nm = p["name"]
    if isinstance(nm, bytes):
        nm = nm.decode()
    return nm


def SETMASK(x, v):
    x[x > 0.5] = v


def SETSLICE(x, y):
    x[::2] = y[::2]


RNGS = {}


def RNG(xp):
    k = "cp" if xp is cp else "np"
    if k not in RNGS:
        RNGS[k] = xp.random.default_rng(1)
    return RNGS[k]


def mk(dt, n, seed, mod=0):
    i = cp.arange(n, dtype=cp.int64)
    h = (i * (7919 + 2 * seed) + 12345 * seed + 17) % 1000003
    if mod > 0:
        return (h % mod).astype(dt)
    if dt == "bool":
        return h % 3 == 0
    if dt == "int32" or dt == "int64":
        return (h % 1000 + 1).astype(dt)
    f = h.astype(cp.float64) * (0.9 / 1000003) + 0.05
    if dt == "complex64" or dt == "complex128":
        g = ((i * 104729 + 7 * seed + 3) % 1000003).astype(cp.float64) * (0.9 / 1000003) + 0.05
        return (f + 1j * g).astype(dt)
    return f.astype(dt)


def side(n):
    if n <= 1000:
        return 32
    if n <= 1000000:
        return 1000
    return 4096


def shape2(n):
    if n <= 1000:
        return (25, 40)
    if n <= 1000000:
        return (1000, 1000)
    return (10000, n // 10000)


def inputs(kind, dt, n):
    if kind == "none":
        return None, None
    if kind in ("1d", "mask", "host"):
        x = mk(dt, n, 1)
        y = mk(dt, n, 2)
        if kind == "host":
            x = cp.asnumpy(x)
        return x, y
    if kind == "int1d":
        return mk(dt, n, 1, max(n // 4, 10)), mk(dt, n, 2, max(n // 2, 10))
    if kind == "sorted":
        return cp.sort(mk(dt, n, 1)), mk(dt, n, 2)
    if kind == "sig":
        return mk(dt, n, 1), mk(dt, 31, 2) - 0.5
    if kind == "cross":
        m = 3 * (n // 3)
        return mk(dt, m, 1), mk(dt, m, 2)
    if kind in ("2d", "2dmask", "img"):
        s = shape2(n)
        x = mk(dt, s[0] * s[1], 1).reshape(s)
        if kind == "img":
            return x, (mk(dt, 25, 2) - 0.5).reshape(5, 5)
        return x, mk(dt, s[0] * s[1], 2).reshape(s)
    if kind == "2dint":
        return mk(dt, 2 * (n // 2), 1, 8).reshape(n // 2, 2), None
    if kind in ("mat", "spd", "tri"):
        m = side(n)
        a = mk(dt, m * m, 1).reshape(m, m)
        if dt != "int64" and dt != "int32":
            a = a + m * cp.eye(m, dtype=dt)
        if kind == "spd":
            a = (a + a.T) / 2
        if kind == "tri":
            a = cp.triu(a)
        return a, mk(dt, m * m, 2).reshape(m, m)
    if kind == "bmat":
        b = max(n // 16, 1)
        a = mk(dt, b * 16, 1).reshape(b, 4, 4) + 4 * cp.eye(4, dtype=dt)
        return a, mk(dt, b * 4, 2).reshape(b, 4)
    raise ValueError("unknown kind " + kind)


def shp(kind, x, n):
    if x is None:
        return str(n)
    s = x.shape
    return "x".join([str(e) for e in s])


def dvec(a, mode):
    if a.dtype.kind == "c" or mode != "close":
        m = cp.abs(a).astype(cp.float64).ravel()
    else:
        m = a.astype(cp.float64).ravel()
    if mode == "sorted":
        m = cp.sort(m)
    return m


def digest(r, mode):
    if r is None:
        return "None"
    if isinstance(r, tuple) or isinstance(r, list):
        return "(" + ";".join([digest(e, mode) for e in r]) + ")"
    if isinstance(r, str):
        return repr(r)
    # Python and NumPy scalars as 0-d arrays: CuPy answers many of these
    # with a 0-d array where NumPy gives a scalar
    a = cp.asarray(r)
    s = "x".join([str(e) for e in a.shape]) + ":" + str(a.dtype)
    if a.size == 0:
        return s
    m = dvec(a, mode)
    w = (cp.arange(m.size) % 7 + 1).astype(cp.float64)
    # sum, weighted sum, and the sum of magnitudes: the scale table.py
    # measures the first two against (a sum of signed items may cancel)
    return (s + ":" + repr(float(m.sum())) + ":" + repr(float((m * w).sum()))
            + ":" + repr(float(cp.abs(m).sum())))


def toh(r):
    if r is None or isinstance(r, bool) or isinstance(r, int) or isinstance(r, float) or isinstance(r, str):
        return r
    if isinstance(r, tuple) or isinstance(r, list):
        return [toh(e) for e in r]
    if isinstance(r, cp.ndarray):
        return cp.asnumpy(r)
    return np.asarray(r)


def rtol_of(dt, n):
    """the relative tolerance (to the result's scale) of one result of
    dtype dt in this group at n items: float32 rounding noise is not a wrong
    answer.  Elementwise results differ by an ulp or two (float16 1e-2,
    float32/complex64 1e-5, float64/complex128 1e-12); results that sum
    over many items (reductions, statistics, fft, filters) get log2(n)
    times that, and linalg (errors grow with the condition number) sqrt(n)
    times.  LOOSE multiplies it all (gen.py --loose)."""
    k = np.dtype(dt)
    if k.kind not in "fc":
        return 0.0
    size = k.itemsize // (2 if k.kind == "c" else 1)
    base = 1e-2 if size <= 2 else (1e-5 if size <= 4 else 1e-12)
    if GROUP in ("reduce", "stats", "fft", "scipy", "random", "method", "sort"):
        base = base * max(1.0, math.log2(max(n, 2)))
    elif GROUP == "linalg":
        base = base * max(1.0, math.sqrt(n))
    return base * LOOSE


def compare(a, b, mode, n):
    # a: the device result on the host, b: the reference; "" when equal
    # (within rtol_of of the less precise dtype, relative to b's largest
    # finite magnitude)
    if isinstance(a, list) or isinstance(b, list):
        if not (isinstance(a, list) and isinstance(b, list)) or len(a) != len(b):
            return "structure"
        for i in range(len(a)):
            c = compare(a[i], b[i], mode, n)
            if c != "":
                return "[" + str(i) + "] " + c
        return ""
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return "" if (a is None) == (b is None) and a == b else "value " + repr(a) + " vs " + repr(b)
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape != b.shape:
        return "shape " + str(a.shape) + " vs " + str(b.shape)
    if a.size == 0:
        return ""
    if mode != "close" or a.dtype.kind == "c" or b.dtype.kind == "c":
        a = np.abs(a)
        b = np.abs(b)
    if mode == "sorted":
        a = np.sort(a.ravel())
        b = np.sort(b.ravel())
    if a.dtype.kind in "biu" and b.dtype.kind in "biu":
        if np.array_equal(a, b):
            return ""
        return "values differ (exact)"
    tol = max(rtol_of(a.dtype, n), rtol_of(b.dtype, n), rtol_of(np.float64, n))
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    scale = float(np.max(np.abs(b[np.isfinite(b)]))) if bool(np.isfinite(b).any()) else 1.0
    if bool(np.allclose(a, b, rtol=tol, atol=tol * scale, equal_nan=True)):
        return ""
    d = np.abs(a - b)
    return "max abs diff " + repr(float(np.nanmax(d))) + " (scale " + repr(scale) + ")"


def gpu_time(f):
    c0 = xcount()
    t = time.perf_counter()
    r = f()
    sync()
    first = (time.perf_counter() - t) * 1000
    xf = xcount() - c0
    if first > 1500:
        return first, 1, r, xf
    f()
    sync()
    reps = int(max(3, min(15, 300 / (first + 0.05))))
    ts = []
    for i in range(reps):
        if not HAVE_DEV:
            t = time.perf_counter()
            f()
            ts.append((time.perf_counter() - t) * 1000)
            continue
        a = cp.cuda.Event()
        b = cp.cuda.Event()
        a.record()
        f()
        b.record()
        b.synchronize()
        ts.append(cp.cuda.get_elapsed_time(a, b))
    ts.sort()
    return ts[len(ts) // 2], reps, r, xf


def nbytes(v):
    if v is None:
        return 0
    if isinstance(v, tuple) or isinstance(v, list):
        s = 0
        for e in v:
            s = s + nbytes(e)
        return s
    if isinstance(v, cp.ndarray) or isinstance(v, np.ndarray):
        return v.nbytes
    return 0


CACHE = {}
LAST = {}


def run_row(seq, row, n, dt, ax):
    idx, group, name, kind, fd, fh, fpd, fph, mode, check, bw, ux, uy, mut = row
    key = (kind, dt, n)
    if mut or key not in CACHE:
        CACHE.clear()
        CACHE[key] = inputs(kind, dt, n)
    x, y = CACHE[key]
    axs = "-" if ax is None else str(ax)
    fd, fh, fpd, fph = fd[axs], fh[axs], fpd[axs], fph[axs]
    tag = str(seq) + "|" + group + "|" + name + "|" + shp(kind, x, n) + "|" + dt + "|" + axs
    prev = LAST.get((idx, dt, axs))
    if prev is not None and prev[1] < n:
        est = prev[0] * (n / prev[1]) ** EXPO[idx]
        if est > LIMIT_MS:
            print("S|" + tag + "|estimated " + str(round(est)) + " ms from " + str(round(prev[0], 3)) + " ms at " + str(prev[1]))
            return
    print("B|" + tag)
    flush()
    try:
        ms, reps, r, xf = gpu_time(lambda: fd(x, y, n, dt))
    except Exception as e:
        print("E|" + tag + "|" + type(e).__name__ + ": " + str(e).replace("\n", " ")[:200])
        return
    LAST[(idx, dt, axs)] = (ms, n)
    b = 0
    if bw:
        b = nbytes(r)
        if ux:
            b = b + nbytes(x)
        if uy:
            b = b + nbytes(y)
    try:
        p = fpd(r, x, y, n, dt)
        dg = digest(p, mode)
    except Exception as e:
        p = None
        dg = "digest-error " + type(e).__name__ + ": " + str(e).replace("\n", " ")[:100]
    chk = "-"
    if n <= CHECK_MAX and n <= check and not mut and kind != "host":
        try:
            xh = toh(x)
            yh = toh(y)
            hr = fh(xh, yh, n, dt)
            c = compare(toh(p), toh(fph(hr, xh, yh, n, dt)), mode, n)
            chk = "ok" if c == "" else "WRONG " + c
        except Exception as e:
            chk = "ref-error " + type(e).__name__ + ": " + str(e).replace("\n", " ")[:100]
    r = None
    p = None
    print("R|" + tag + "|" + str(round(ms, 4)) + "|" + str(reps) + "|" + str(b) + "|" + str(xf) + "|" + chk + "|" + dg)
    flush()


def run_all(rows):
    print("I|card|" + card())
    seq = 0
    for tier in TIERS:
        for row in rows:
            for n, dt, ax in plan(row, tier):
                if seq >= START:
                    if time.perf_counter() - T0 > BUDGET:
                        print("I|budget|" + GROUP + " stopped at " + str(seq) + " after " + str(round(time.perf_counter() - T0, 1)) + " s")
                        return
                    run_row(seq, row, n, dt, ax)
                seq = seq + 1
    print("I|done|" + GROUP + ": " + str(seq) + " rows in " + str(round(time.perf_counter() - T0, 1)) + " s")


def plan(row, tier):
    # tiers 3, 1, 2: the row's first dtype at its small, middle and large
    # size (1e3, 1e6, 1e8 by default); 6, 4, 5: the same for its other
    # dtypes.  A row with one size runs it in tier 1 (4), with two in 3 and 1.
    sizes, dts, axes = SIZES[row[0]], DTS[row[0]], AXES_OF[row[0]]
    t = tier if tier <= 3 else tier - 3
    if len(sizes) == 1:
        k = 0 if t == 1 else -1
    elif len(sizes) == 2:
        k = 1 if t == 1 else (0 if t == 3 else -1)
    else:
        k = 1 if t == 1 else (2 if t == 2 else 0)
    if k < 0:
        return []
    n = sizes[k]
    ds = dts[:1] if tier <= 3 else dts[1:]
    out = []
    for dt in ds:
        for ax in axes:
            out.append((n, dt, ax))
    return out
'''


def pyexpr(expr, ns, ax):
    e = expr.replace("AX", "None" if ax is None else str(ax))
    e = re.sub(r"\bxp\.", ns + ".", e)
    e = re.sub(r"\bxp\b", ns, e)
    e = re.sub(r"\bxs\.", "cupyx.scipy." if ns == "cp" else "scipy.", e)
    return e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--only", default="", help="regex over 'group name'")
    ap.add_argument("--tiers", default="3,1,2,6,4,5")
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--limit-ms", type=float, default=4000.0)
    ap.add_argument("--check-max", type=int, default=1000000)
    ap.add_argument("--dtypes", default="", help="comma list: keep only these dtypes")
    ap.add_argument("--loose", type=float, default=1.0,
                    help="multiplies every tolerance of the host check (rtol_of)")
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    pat = re.compile(a.only) if a.only else None
    keep_dt = set(a.dtypes.split(",")) if a.dtypes else None
    written = []
    for g in rowdefs.GROUPS:
        rows = [r for r in rowdefs.ROWS if r["group"] == g and
                (pat is None or pat.search(g + " " + r["name"]))]
        if not rows:
            continue
        out = []
        out.append("# GENERATED by tests/gpu/sweep/gen.py: the sweep's group %r" % g)
        out.append("# (runs under `lumen run` and python3 with CuPy; see gen.py)")
        out.append("GROUP = %r" % g)
        out.append("BUDGET = %r" % a.budget)
        out.append("START = 0")
        out.append("LIMIT_MS = %r" % a.limit_ms)
        out.append("CHECK_MAX = %d" % a.check_max)
        out.append("TIERS = [%s]" % a.tiers)
        out.append("LOOSE = %r" % a.loose)
        out.append(PRELUDE)
        if g == "scipy":
            out.append("import cupyx.scipy.ndimage\nimport cupyx.scipy.signal\n"
                       "import cupyx.scipy.special\nimport cupyx.scipy.linalg")
            out.append("try:\n    import scipy.ndimage\n    import scipy.signal\n"
                       "    import scipy.special\n    import scipy.linalg\n"
                       "except ImportError:\n    pass")
        out.append("SIZES = {}\nDTS = {}\nAXES_OF = {}\nEXPO = {}")
        table = []
        for i, r in enumerate(rows):
            dts = [d for d in r["dts"] if keep_dt is None or d in keep_dt]
            if not dts:
                continue
            # one function per axis: AX is baked into the text
            axes = r["axes"]
            fnames = []
            for ai, ax in enumerate(axes):
                for ns, pre in (("cp", "d"), ("np", "h")):
                    out.append("def %s%d_%d(x, y, n, dt):\n    return %s" % (pre, i, ai, pyexpr(r["expr"], ns, ax)))
                    post = r["post"] if r["post"] is not None else "r"
                    out.append("def %sp%d_%d(r, x, y, n, dt):\n    return %s" % (pre, i, ai, pyexpr(post, ns, ax)))
            mut = bool(re.search(r"\b(fill|shuffle|put|SETMASK|SETSLICE|set)\(", r["expr"]))
            ux = bool(re.search(r"\bx\b", r["expr"]))
            uy = bool(re.search(r"\by\b", r["expr"]))
            out.append("SIZES[%d] = %r\nDTS[%d] = %r\nAXES_OF[%d] = %r\nEXPO[%d] = %r" % (
                i, list(r["sizes"]), i, list(dts), i, list(axes), i, r["expo"]))
            # axes map to functions by position: the row tuple carries a
            # dispatcher per axis
            table.append((i, r, ux, uy, mut))
        out.append("ROWS = []")
        for i, r, ux, uy, mut in table:
            fns = []
            for pre in ("d", "h", "dp", "hp"):
                fns.append("{%s}" % ", ".join(
                    "%r: %s%d_%d" % ("-" if ax is None else str(ax), pre, i, ai)
                    for ai, ax in enumerate(r["axes"])))
            out.append("ROWS.append((%d, %r, %r, %r, %s, %s, %s, %s, %r, %d, %r, %r, %r, %r))" % (
                i, g, r["name"], r["kind"], fns[0], fns[1], fns[2], fns[3], r["cmp"], r["check"],
                r["bw"], ux, uy, mut))
        out.append("run_all(ROWS)")
        text = "\n".join(out) + "\n"
        path = os.path.join(a.outdir, "sw_%s.py" % g)
        with open(path, "w") as f:
            f.write(text)
        written.append(path)
    for p in written:
        print(p)


if __name__ == "__main__":
    main()
