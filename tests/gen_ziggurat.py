#!/usr/bin/env python3
"""gen_ziggurat.py — derives the ziggurat tables of NumPy's Generator
(standard_normal, float64 and float32) and writes engine/random/gen/ziggurat_tab.c.

The tables follow Marsaglia & Tsang (2000) with 256 levels, r = 3.65415...:
x_255 = r, x_{i} = sqrt(-2 log(v/x_{i+1} + f(x_{i+1}))).  ki and fi come
from that recursion.  wi (which every sample multiplies by) must be the very
doubles NumPy uses; the recursion alone lands a few ulps off for the lowest
levels, so each wi is then pinned as the unique double within +-64 ulps of
x/rabs of NumPy's samples that reproduces NumPy's outputs for every sample of
that level (raw PCG64 words vs Generator.standard_normal).  Run it with
NumPy installed: python3 tests/gen_ziggurat.py > engine/random/gen/ziggurat_tab.c
"""
import math, struct, sys
import numpy as np

R = 3.6541528853610087963519472518
V = 0.00492867323397465
R_INV = 0.27366123732975827203338247596


def recursion(m1):
    ki = [0] * 256; wi = [0.0] * 256; fi = [0.0] * 256
    dn = R; tn = dn
    q = V / math.exp(-.5 * dn * dn)
    ki[0] = int((dn / q) * m1); ki[1] = 0
    wi[0] = q / m1; wi[255] = dn / m1
    fi[0] = 1.0; fi[255] = math.exp(-.5 * dn * dn)
    for i in range(254, 0, -1):
        dn = math.sqrt(-2 * math.log(V / dn + math.exp(-.5 * dn * dn)))
        ki[i + 1] = int((dn / tn) * m1); tn = dn
        fi[i] = math.exp(-.5 * dn * dn); wi[i] = dn / m1
    return ki, wi, fi


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def step(x, k, single):
    if single:
        b = struct.unpack('<i', struct.pack('<f', x))[0] + k
        return struct.unpack('<f', struct.pack('<i', b))[0]
    b = struct.unpack('<q', struct.pack('<d', x))[0] + k
    return struct.unpack('<d', struct.pack('<q', b))[0]


def collect(single, nseeds=6, n=60000):
    """(idx -> [(rabs, |output|)]) for outputs made by the first branch or
    the wedge test (both return rabs * wi[idx])."""
    m1 = 2.0 ** 23 if single else 2.0 ** 52
    ki, wi, fi = recursion(m1)
    if single:
        wi = [f32(w) for w in wi]; fi = [f32(f) for f in fi]
    out = {}
    for seed in range(nseeds):
        ref = np.random.Generator(np.random.PCG64(seed)).standard_normal(
            n, dtype=np.float32 if single else np.float64)
        raw = np.random.PCG64(seed).random_raw(4 * n + 1000)
        pos = 0; half = []

        def next64():
            nonlocal pos
            v = int(raw[pos]); pos += 1
            return v

        def next32():
            if half:
                return half.pop()
            v = next64(); half.append(v >> 32)
            return v & 0xffffffff

        def uniform():
            if single:
                return (next32() >> 8) * (1.0 / 16777216.0)
            return (next64() >> 11) * (1.0 / 9007199254740992.0)
        for k in range(n):
            while True:
                if single:
                    r = next32(); idx = r & 0xff; sign = (r >> 8) & 1
                    rabs = (r >> 9) & 0x7fffff
                    x = f32(rabs * wi[idx])
                else:
                    r = next64(); idx = r & 0xff; r >>= 8; sign = r & 1
                    rabs = (r >> 1) & 0x000fffffffffffff
                    x = rabs * wi[idx]
                if rabs < ki[idx]:
                    break
                if idx == 0:
                    while True:
                        xx = -R_INV * math.log1p(-uniform())
                        yy = -math.log1p(-uniform())
                        if yy + yy > xx * xx:
                            break
                    idx = -1
                    break
                if (fi[idx - 1] - fi[idx]) * uniform() + fi[idx] < math.exp(-.5 * x * x):
                    break
            if idx >= 0 and abs(abs(x) - abs(float(ref[k]))) > 1e-5 * abs(x):
                break   # out of step with NumPy (a wedge decision): stop here
            if idx > 0 or (idx == 0 and rabs < ki[0]):
                if rabs:
                    out.setdefault(idx, []).append((rabs, abs(float(ref[k]))))
    return ki, wi, fi, out


def pin(single):
    ki, wi, fi, samples = collect(single)
    for idx, pts in samples.items():
        cands = []
        big = max(pts)   # the largest multiplier pins wi closest
        centre = f32(big[1] / big[0]) if single else big[1] / big[0]
        for k in range(-64, 65):
            w = step(centre, k, single)
            if all((f32(rabs * w) if single else rabs * w) == x for rabs, x in pts):
                cands.append(w)
        if len(cands) != 1:
            sys.exit("level %d: %d candidates" % (idx, len(cands)))
        wi[idx] = cands[0]
    return ki, wi, fi


def main():
    kd, wd, fd = pin(False)
    kf, wf, ff = pin(True)
    p = print
    p("/*\n * ziggurat_tab.c — the ziggurat tables of NumPy's standard_normal (256\n"
      " * levels), written by tests/gen_ziggurat.py (see there how they are\n"
      " * derived and checked against NumPy).  Do not edit.\n */")
    p("#include <stdint.h>\n")
    p("const uint64_t zig_ki_double[256] = {")
    p(",\n".join("\t0x%016xULL" % k for k in kd) + "\n};")
    p("const double zig_wi_double[256] = {")
    p(",\n".join("\t%s" % float.hex(w) for w in wd) + "\n};")
    p("const double zig_fi_double[256] = {")
    p(",\n".join("\t%s" % float.hex(f) for f in fd) + "\n};")
    p("const uint32_t zig_ki_float[256] = {")
    p(",\n".join("\t0x%08xU" % k for k in kf) + "\n};")
    p("const float zig_wi_float[256] = {")
    p(",\n".join("\t%sf" % float.hex(w) for w in wf) + "\n};")
    p("const float zig_fi_float[256] = {")
    p(",\n".join("\t%sf" % float.hex(f32(f)) for f in ff) + "\n};")


main()
