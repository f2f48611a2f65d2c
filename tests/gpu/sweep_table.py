# sweep_table.py — the table of tests/gpu/sweep_devperf.sh from its raw
# lines "source|setting|row|value" (source: lumen, cupy, probe, sem): per
# row, every Lumen setting's value, CuPy's, the CuPy/Lumen ratio (above 1:
# Lumen faster), the best setting starred; then the checks that failed and
# the settings that printed something unexpected (a crash, a timeout).
# usage: python3 sweep_table.py sweep_raw.txt
import sys

rows = {}        # row -> [(setting, value)]
order = []
cupy = {}
probe = []
bad = []
odd = {}
for line in open(sys.argv[1], errors="replace"):
    line = line.rstrip("\n")
    parts = line.split("|")
    if len(parts) < 3:
        continue
    src, setting, rest = parts[0], parts[1], parts[2:]
    if src == "probe":
        probe.append("|".join(rest))
        continue
    if src == "sem":
        if rest[0].startswith("not ok"):
            bad.append("semantics.py under the candidates: " + rest[0])
        continue
    name = rest[0]
    val = rest[1] if len(rest) > 1 else ""
    if name.startswith("check"):
        if not val.startswith("ok"):
            bad.append(src + " " + setting + ": " + name + " " + "|".join(rest[1:]))
        continue
    try:
        v = float(val)
    except ValueError:
        if val == "error" or name.startswith("skipped"):
            bad.append(src + " " + setting + ": " + "|".join(rest))
        else:
            odd.setdefault(src + " " + setting, []).append("|".join(rest))
        continue
    if src == "cupy":
        cupy[name] = v
        continue
    if name not in rows:
        rows[name] = []
        order.append(name)
    rows[name].append((setting, v))

if probe:
    print("## the memory query below Lumen (tests/gpu/probe_devperf.c, us per call)")
    for p in probe:
        print("  " + p)
    print()
for name in order:
    vals = rows[name]
    best = min(v for s, v in vals)
    c = cupy.get(name)
    print("## " + name + (" — CuPy " + str(c) if c is not None else ""))
    print("  %-44s %12s %8s" % ("Lumen setting", "value", "CuPy/L"))
    for s, v in vals:
        ratio = "%.2fx" % (c / v) if c is not None and v > 0 else ""
        print("  %-44s %12.4f %8s%s" % (s, v, ratio, "  *" if v == best else ""))
    if len(vals) > 8:
        print("  fastest: " + "; ".join(s + " " + str(v) for s, v in sorted(vals, key=lambda x: x[1])[:5]))
    print()
if bad:
    print("## FAILED checks, errors, skipped settings")
    for b in bad:
        print("  " + b)
    print()
if odd:
    print("## other output (crashes, timeouts: first lines)")
    for k, v in odd.items():
        print("  " + k + ": " + " / ".join(v[:3])[:300])
