# table.py — the table of tests/gpu/sweep.sh from its raw lines
# "side|KIND|..." (side: cupy, lumen, meta; KIND as gen.py's PRELUDE says):
# per row CuPy's ms, Lumen's ms, CuPy/Lumen (above 1: Lumen faster), GB/s of
# the bandwidth-bound rows beside the card's copy bandwidth (bw.py, the
# same run), Lumen's implicit device-to-host transfers per call, and the
# verdict: WRONG when Lumen's result differs from CuPy's (the digests) or
# from the host reference (np) — then the lists: wrong, crashed, Lumen's
# errors where CuPy has none, the slowest rows.
# usage: python3 table.py sweep_raw.txt [--all]   (--all: every row even
# when only one side has it)
import math
import re
import sys

def rtol_of(dt, group, n):
    """the relative tolerance of a digest's sums (to their scale) for a
    result of dtype dt in group at n items, as gen.py's rtol_of: float16
    1e-2, float32/complex64 1e-5, float64/complex128 1e-12 (an ulp or two
    of rounding per item); results that sum over many items (reductions,
    statistics, fft, filters) log2(n) times that, linalg sqrt(n) times.
    Integer and bool results must agree exactly."""
    if dt in ("float16",):
        base = 1e-2
    elif dt in ("float32", "complex64"):
        base = 1e-5
    elif dt in ("float64", "complex128"):
        base = 1e-12
    else:
        return 0.0
    if group in ("reduce", "stats", "fft", "scipy", "random", "method", "sort"):
        base *= max(1.0, math.log2(max(n, 2)))
    elif group == "linalg":
        base *= max(1.0, math.sqrt(n))
    return base


def nitems(shape):
    n = 1
    for e in shape.split("x"):
        v = num(e)
        if v is not None:
            n *= int(v)
    return n


def toks(d):
    return [t for t in re.split(r"[();]", d) if t != ""]


def num(s):
    try:
        return float(s)
    except ValueError:
        return None


def digest_diff(a, b, group="", n=1):
    """'' when the digests agree, else a short reason.  A digest is
    shape:dtype:sum:weighted-sum[:sum of magnitudes] per array (gen.py's
    digest); the sums agree when they differ by at most rtol_of(dtype) of
    the sum of magnitudes (a signed sum may cancel to rounding noise:
    laplace), or of the sums themselves for an older digest without it."""
    if a == b:
        return ""
    if a.startswith("digest-error") or b.startswith("digest-error"):
        return "digest error"
    ta, tb = toks(a), toks(b)
    if len(ta) != len(tb):
        return "structure"
    for x, y in zip(ta, tb):
        px, py = x.split(":"), y.split(":")
        if len(px) != len(py):
            return "structure"
        dt = ""
        if len(px) >= 2:
            if px[0] != py[0]:
                return "shape %s vs %s" % (py[0], px[0])
            if px[1] != py[1]:
                return "dtype %s vs %s" % (py[1], px[1])
            dt = px[1]
        vals = px[2:] if len(px) >= 2 else px
        wals = py[2:] if len(py) >= 2 else py
        nums = [num(u) for u in vals + wals]
        if None in nums:
            if vals != wals:
                return "value %s vs %s" % (" ".join(wals), " ".join(vals))
            continue
        tol = rtol_of(dt, group, n) if dt else 1e-12
        scale = None
        if len(vals) >= 3:
            scale = max(abs(nums[2]), abs(nums[len(vals) + 2]))
        for i, (u, v) in enumerate(zip(vals[:2], wals[:2])):
            nu, nv = float(u), float(v)
            if nu != nu and nv != nv:
                continue
            if nu != nu or nv != nv:
                return "value %s vs %s" % (v, u)
            sc = max(abs(nu), abs(nv)) if scale is None else scale * (7 if i == 1 else 1)
            if abs(nu - nv) > tol * sc and nu != nv:
                return "value %s vs %s (rel %.2g, tolerance %.2g)" % (
                    v, u, abs(nu - nv) / sc if sc else float("inf"), tol)
        for u, v in zip(vals[2:3], wals[2:3]):
            nu, nv = float(u), float(v)
            if nu == nu and nv == nv and abs(nu - nv) > tol * max(abs(nu), abs(nv)) and nu != nv:
                return "magnitude %s vs %s" % (v, u)
    return ""


def main():
    path = sys.argv[1]
    show_all = "--all" in sys.argv
    rows = {}
    order = []
    info = {"cupy": {}, "lumen": {}, "meta": {}}
    crashes = []
    for line in open(path, errors="replace"):
        p = line.rstrip("\n").split("|")
        if len(p) < 3:
            continue
        side, kind = p[0], p[1]
        if side not in ("cupy", "lumen", "meta"):
            continue
        if kind == "I" and side in info:
            info[side].setdefault(p[2], []).append("|".join(p[3:]))
            continue
        if kind == "C":
            crashes.append(side + ": " + "|".join(p[2:]))
            continue
        if kind not in ("R", "E", "S") or len(p) < 8:
            continue
        key = tuple(p[3:8])
        if key not in rows:
            rows[key] = {}
            order.append(key)
        if kind == "R" and len(p) >= 14:
            rows[key][side] = dict(ms=float(p[8]), reps=p[9], bytes=int(p[10]), xf=int(p[11]),
                                   chk=p[12], dg="|".join(p[13:]))
        elif kind == "E":
            rows[key][side] = dict(err="|".join(p[8:]))
        else:
            rows[key][side] = dict(skip="|".join(p[8:]))
    def first(side, k):
        v = info[side].get(k)
        return v[0] if v else None
    card = first("cupy", "card") or first("lumen", "card") or "?"
    cbw = first("cupy", "copy_gbs")
    lbw = first("lumen", "copy_gbs")
    print("# card: %s; device-to-device copy (cp.copyto 1 GiB): CuPy %s GB/s, Lumen %s GB/s"
          % (card, cbw or "?", lbw or "?"))
    ref_bw = num(cbw or lbw or "") or 0
    print("# ms are CUDA-event medians; ratio = CuPy ms / Lumen ms (above 1: Lumen faster);")
    print("# GB/s = (inputs + result bytes) / Lumen's time, % of the copy bandwidth; xfer = Lumen's implicit d2h copies per call")
    hdr = "%-8s %-34s %-12s %-9s %-3s %10s %10s %8s %14s %4s  %s" % (
        "group", "row", "shape", "dtype", "ax", "cupy ms", "lumen ms", "ratio", "GB/s (%copy)", "xfer", "check")
    print(hdr)
    wrong, lerr, slow, nboth = [], [], [], 0
    for key in order:
        g, name, shape, dt, ax = key
        c = rows[key].get("cupy")
        l = rows[key].get("lumen")
        if not show_all and (c is None or l is None) and not (l and "err" in l):
            continue
        cms = "%.4g" % c["ms"] if c and "ms" in c else ("error" if c and "err" in c else ("skip" if c and "skip" in c else "-"))
        lms = "%.4g" % l["ms"] if l and "ms" in l else ("error" if l and "err" in l else ("skip" if l and "skip" in l else "-"))
        ratio = ""
        gbs = ""
        xf = ""
        verdict = []
        if l and "ms" in l:
            xf = str(l["xf"])
            if l["bytes"] and l["ms"] > 0:
                v = l["bytes"] / (l["ms"] * 1e6)
                gbs = "%.0f" % v + (" (%d%%)" % (100 * v / ref_bw) if ref_bw else "")
            if l["chk"].startswith("WRONG"):
                verdict.append("WRONG vs np: " + l["chk"][6:])
            elif l["chk"].startswith("ref-error"):
                verdict.append("(np ref: " + l["chk"][10:60] + ")")
        if c and "ms" in c and l and "ms" in l:
            nboth += 1
            ratio = "%.3g" % (c["ms"] / l["ms"]) if l["ms"] > 0 else "inf"
            d = digest_diff(l["dg"], c["dg"], g, nitems(shape))
            if d:
                verdict.append("WRONG vs CuPy: " + d)
            if l["ms"] > 0 and c["ms"] / l["ms"] < 0.5:
                slow.append((c["ms"] / l["ms"], key, l["xf"]))
        if l and "err" in l:
            verdict.append("lumen: " + l["err"][:90])
            if c and "ms" in c:
                lerr.append((key, l["err"]))
        if c and "err" in c:
            verdict.append("cupy: " + c["err"][:60])
        if l and "skip" in l:
            verdict.append("lumen skipped: " + l["skip"])
        if any(v.startswith("WRONG") for v in verdict):
            wrong.append((key, verdict))
        if not verdict and l and "ms" in l:
            verdict.append("ok" if l["chk"] in ("ok", "-") else l["chk"])
        print("%-8s %-34s %-12s %-9s %-3s %10s %10s %8s %14s %4s  %s" % (
            g, name[:34], shape[:12], dt, ax, cms, lms, ratio, gbs, xf, "; ".join(verdict)))
    print()
    print("# %d rows with both sides; %d WRONG; %d Lumen errors where CuPy ran; %d crashes/timeouts"
          % (nboth, len(wrong), len(lerr), len(crashes)))
    for key, v in wrong:
        print("WRONG  " + " ".join(key) + ": " + "; ".join(v))
    for c in crashes:
        print("CRASH  " + c)
    for key, e in lerr:
        print("ERROR  " + " ".join(key) + ": " + e[:160])
    slow.sort()
    if slow:
        print("# slowest rows (CuPy/Lumen below 0.5), worst first:")
    for r, key, x in slow[:60]:
        print("SLOW   %8.3g  %s%s" % (r, " ".join(key), ("  (%d implicit d2h)" % x) if x else ""))
    info["meta"] = info.get("meta", {})
    for k in ("budget", "done", "skipped", "copy_check"):
        for s in ("cupy", "lumen", "meta"):
            for v in info[s].get(k, []):
                print("# %s %s: %s" % (s, k, v))


if __name__ == "__main__":
    main()
