# randpeak.py — host mode: cp.random.rand/randn/random/standard_normal/uniform/
# normal(..., dtype=float32) give float32, keep their temporaries within 2x the
# result (peak resident growth / result bytes) and draw NumPy's float64 stream
# cast to float32, bit for bit.  TAP; run by
# tests/oom.test with LUMEN_DEVICE=host.
import numpy as np
import cupy as cp

def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM"):
            return int(line.split()[1]) * 1024

n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - " if cond else "not ok %d - ") % n + what)

# (name, draw with dtype=float32, the same draw as float64); rand's cast keeps [0, 1)
gens = [
    ("randn", lambda k, **d: cp.random.randn(k, **d)),
    ("rand", lambda k, **d: cp.random.rand(k, **d)),
    ("random", lambda k, **d: cp.random.random(k, **d)),
    ("standard_normal", lambda k, **d: cp.random.standard_normal(k, **d)),
    ("uniform", lambda k, **d: cp.random.uniform(-2.0, 3.0, k, **d)),
    ("normal", lambda k, **d: cp.random.normal(1.0, 2.0, k, **d)),
]
for name, f in gens:
    with open("/proc/self/clear_refs", "w") as fh:  # the peak starts again from here
        fh.write("5")
    h0 = hwm()
    x = f(40_000_000, dtype=cp.float32)
    ratio = (hwm() - h0) / x.nbytes
    ok(x.dtype == cp.float32 and ratio <= 2.0, "%s float32: peak %.2fx the result" % (name, ratio))
    del x
    cp.random.seed(5)
    a = f(2_500_000, dtype=cp.float32)
    cp.random.seed(5)
    b = f(2_500_000).astype(cp.float32)
    if name in ("rand", "random"):
        b = cp.minimum(b, np.nextafter(np.float32(1), np.float32(0)))
    ok(a.dtype == cp.float32 and bool((a == b).all()), "%s float32: the float64 stream cast, bit for bit" % name)
print("1..%d" % n)
