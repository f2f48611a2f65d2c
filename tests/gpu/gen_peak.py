# gen_peak.py — the device memory pool's peak of each cp.random generator (issue 18:
# temporaries within 2x the result).  For each generator and dtype: the pool emptied
# (free_all_blocks), one draw of GEN_N items (default 1e8), then the pool's
# total_bytes: every block the call took, the freed temporaries still cached, so an
# upper bound of its peak.  Prints one table; the last line says whether every row
# is within 2x.  Runs as it is under Lumen (LUMEN_DEVICE=cuda lumen run
# tests/gpu/gen_peak.py) and under CPython + CuPy, for comparison.
import os
import time

import cupy as cp

N = int(os.environ.get("GEN_N", "100000000"))
pool = cp.get_default_memory_pool()
rs = cp.random
g = cp.random.default_rng(7)
f32, f64 = cp.float32, cp.float64
cases = [
    ("rand", f32, lambda d: rs.rand(N, dtype=d)),
    ("rand", f64, lambda d: rs.rand(N, dtype=d)),
    ("randn", f32, lambda d: rs.randn(N, dtype=d)),
    ("randn", f64, lambda d: rs.randn(N, dtype=d)),
    ("random", f32, lambda d: rs.random(N, dtype=d)),
    ("random", f64, lambda d: rs.random(N, dtype=d)),
    ("random_sample", f64, lambda d: rs.random_sample(N)),
    ("standard_normal", f32, lambda d: rs.standard_normal(N, dtype=d)),
    ("standard_normal", f64, lambda d: rs.standard_normal(N, dtype=d)),
    ("uniform", f32, lambda d: rs.uniform(-1.0, 2.0, N, dtype=d)),
    ("uniform", f64, lambda d: rs.uniform(-1.0, 2.0, N, dtype=d)),
    ("normal", f32, lambda d: rs.normal(1.0, 3.0, N, dtype=d)),
    ("normal", f64, lambda d: rs.normal(1.0, 3.0, N, dtype=d)),
    ("randint", cp.int32, lambda d: rs.randint(0, 1000, N, dtype=d)),
    ("randint", cp.int64, lambda d: rs.randint(0, 1000, N, dtype=d)),
    ("Generator.random", f32, lambda d: g.random(N, dtype=d)),
    ("Generator.random", f64, lambda d: g.random(N, dtype=d)),
    ("Generator.standard_normal", f32, lambda d: g.standard_normal(N, dtype=d)),
    ("Generator.standard_normal", f64, lambda d: g.standard_normal(N, dtype=d)),
    ("Generator.integers", cp.int32, lambda d: g.integers(0, 1000, N, dtype=d)),
    ("Generator.integers", cp.int64, lambda d: g.integers(0, 1000, N, dtype=d)),
]
who = "lumen" if hasattr(cp, "__lumen__") or "lumen" in str(getattr(cp, "__file__", "lumen")) else "cupy " + cp.__version__
print(f"# {who}: pool bytes taken by one draw of {N:,} items (pool emptied before each)")
print(f"{'generator':28} {'dtype':8} {'result MB':>10} {'pool MB':>10} {'ratio':>6} {'ms':>8}  ok")
bad = 0
for name, dt, f in cases:
    pool.free_all_blocks()
    cp.cuda.Device().synchronize()
    base = pool.total_bytes()
    t0 = time.perf_counter()
    try:
        x = f(dt)
        cp.cuda.Device().synchronize()
    except Exception as e:  # a generator or dtype this library lacks
        print(f"{name:28} {cp.dtype(dt).name:8} {'-':>10} {'-':>10} {'-':>6} {'-':>8}  {type(e).__name__}: {str(e)[:60]}")
        continue
    ms = (time.perf_counter() - t0) * 1e3
    took = pool.total_bytes() - base
    ratio = took / x.nbytes
    ok = ratio <= 2.0 and x.dtype == cp.dtype(dt) and x.size == N
    bad += not ok
    print(f"{name:28} {x.dtype.name:8} {x.nbytes / 1e6:10.1f} {took / 1e6:10.1f} {ratio:6.2f} {ms:8.2f}  {'ok' if ok else 'NO'}")
    del x
pool.free_all_blocks()
print(f"# {len(cases)} draws: {'every one within 2x its result' if not bad else f'{bad} above 2x (or of the wrong dtype)'}")
