"""bench_table.py LUMEN.txt CUPY.txt — joins the "name|ms" lines of both
runs of tests/gpu/bench_cells.py into one table with CuPy/Lumen ratios."""
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
cup, cx = load(sys.argv[2])
names = list(cup) + [n for n in lum if n not in cup]
print(f"{'workload':46s} {'Lumen ms':>12s} {'CuPy ms':>12s} {'CuPy/Lumen':>11s}")
for n in names:
    a, b = lum.get(n, "-"), cup.get(n, "-")
    try:
        r = f"{float(b) / float(a):10.2f}x"
    except (ValueError, ZeroDivisionError):
        r = ""
    print(f"{n:46s} {a[:40]:>12s} {b[:40]:>12s} {r:>11s}")
for tag, xs in (("lumen", lx), ("cupy", cx)):
    for x in xs[-8:]:
        print(f"# {tag}: {x}")
