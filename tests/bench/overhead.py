# overhead.py — the evaluator's own cost per statement (issue #3), run
# unchanged by `lumen run` and by python3 with NumPy: loops of N iterations
# at the top level of a cell, one statement each, timed with
# time.perf_counter.  Prints "name|µs per iteration|µs net of the empty loop".
# `dev = False` picks np; a copy with `dev = True` (the GPU bench) runs the
# array rows on cp (Lumen's device backend, or CuPy under python3) and
# synchronises before reading the clock.  The last row is a small creation
# (np.arange's float32 fill, computed in the dtype as NumPy does).
import time
import numpy as np

dev = False
N = 100000
if dev:
    import cupy as xp
else:
    xp = np

a = xp.arange(1000, dtype=xp.float32)
b = xp.arange(1000, dtype=xp.float32)
x = xp.arange(1000, dtype=xp.float32)
c = None

def sync():
    if dev:
        xp.cuda.Device().synchronize()

def f(v):
    return v

def best(t_list):
    m = t_list[0]
    for t in t_list:
        if t < m:
            m = t
    return m

rows = []

def report(name, ts, base):
    us = best(ts) / N * 1e6
    net = us - base if base is not None else us
    print(name + "|" + str(round(us, 3)) + "|" + str(round(net, 3)))
    return us

REPS = 3
ts = []
for r in range(REPS):
    t0 = time.perf_counter()
    for i in range(N):
        pass
    ts.append(time.perf_counter() - t0)
empty = report("empty loop", ts, None)

ts = []
for r in range(REPS):
    sync()
    t0 = time.perf_counter()
    for i in range(N):
        c = a + b
    sync()
    ts.append(time.perf_counter() - t0)
report("c = a + b (1000 f32)", ts, empty)

ts = []
for r in range(REPS):
    sync()
    t0 = time.perf_counter()
    for i in range(N):
        c = xp.sin(x)*2 + 1
    sync()
    ts.append(time.perf_counter() - t0)
report("c = xp.sin(x)*2 + 1 (1000 f32)", ts, empty)

ts = []
for r in range(REPS):
    t0 = time.perf_counter()
    for i in range(N):
        c = a[3]
    sync()
    ts.append(time.perf_counter() - t0)
report("c = a[3]", ts, empty)

ts = []
for r in range(REPS):
    t0 = time.perf_counter()
    for i in range(N):
        f(1)
    ts.append(time.perf_counter() - t0)
report("f(1) for a def", ts, empty)

ts = []
for r in range(REPS):
    t0 = time.perf_counter()
    for i in range(N):
        c = np.float32
    ts.append(time.perf_counter() - t0)
report("c = np.float32 (attribute load)", ts, empty)

ts = []
for r in range(REPS):
    sync()
    t0 = time.perf_counter()
    for i in range(N):
        c = xp.arange(0, 1000, 0.5, dtype=xp.float32)
    sync()
    ts.append(time.perf_counter() - t0)
report("c = xp.arange(0, 1000, 0.5, f32)", ts, empty)
