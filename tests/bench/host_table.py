"""host_table.py LUMEN.txt NUMPY.txt — joins the "name|value" lines of both
runs of tests/bench/host_vs_numpy.py into one table: workload, Lumen ms,
NumPy ms, NumPy/Lumen (> 1: Lumen is faster), and a mark on rows outside
PERFORMANCE.md's 0.8x-1.25x band.  Rows named "us: ..." are microseconds."""
import sys

def load(path):
    rows, extra = {}, []
    for line in open(path, errors="replace"):
        parts = line.rstrip("\n").split("|")
        if len(parts) >= 2:
            rows[parts[0]] = parts[1] if parts[1] != "error" else "error: " + "|".join(parts[2:])[:60]
        elif line.strip():
            extra.append(line.rstrip())
    return rows, extra

lum, lx = load(sys.argv[1])
nump, nx = load(sys.argv[2])
names = list(nump) + [n for n in lum if n not in nump]
print(f"{'workload':42s} {'lumen ms':>10s} {'numpy ms':>10s} {'numpy/lumen':>12s}")
outside = 0
for n in names:
    a, b = lum.get(n, "-"), nump.get(n, "-")
    r, mark = "", ""
    try:
        q = float(b) / float(a)
        r = f"{q:10.2f}x"
        if q < 0.8 or q > 1.25:
            mark = "  <- outside" if q < 0.8 else "  (faster)"
            outside += q < 0.8
    except (ValueError, ZeroDivisionError):
        pass
    print(f"{n:42s} {a[:40]:>10s} {b[:40]:>10s} {r:>12s}{mark}")
print(f"# {outside} rows slower than 0.8x NumPy")
for tag, xs in (("lumen", lx), ("numpy", nx)):
    for x in xs[-8:]:
        print(f"# {tag}: {x}")
