# devperf_cells.py — the rows of tests/gpu/sweep_devperf.sh, run unchanged by
# `lumen run` (under each knob setting) and by python3 with CuPy.  The sweep
# prepends one line, GROUP = "xfer" | "rand" | "svd" | "meminfo", and reads
# "row|value" lines: GPU rows are CUDA-event medians in ms, host rows
# time.perf_counter medians in ms (as tests/gpu/bench_cells.py measures),
# "check" rows say whether the result was right.
import time
import numpy as np
import cupy as cp

N = 100000000

def gpu_ms(f, reps):
    f()
    f()
    cp.cuda.Device().synchronize()
    ts = []
    for i in range(reps):
        a = cp.cuda.Event()
        b = cp.cuda.Event()
        a.record()
        f()
        b.record()
        b.synchronize()
        ts.append(cp.cuda.get_elapsed_time(a, b))
    ts.sort()
    return ts[len(ts) // 2]

def row(name, f, reps=20):
    try:
        print(name + "|" + str(round(gpu_ms(f, reps), 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

def host_row(name, f, reps=5):
    try:
        f()
        ts = []
        for i in range(reps):
            t = time.perf_counter()
            f()
            cp.cuda.Device().synchronize()
            ts.append((time.perf_counter() - t) * 1000)
        ts.sort()
        print(name + "|" + str(round(ts[len(ts) // 2], 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

def verdict(good):
    return "ok" if good else "WRONG"

if GROUP == "xfer":
    hx = np.arange(N, dtype=np.float32)   # every page touched, as a fresh NumPy array's are
    host_row("asarray h2d 400MB f32", lambda: cp.asarray(hx), 7)
    dx = cp.asarray(hx)
    host_row("asnumpy d2h 400MB f32", lambda: cp.asnumpy(dx), 7)
    hy = np.arange(N // 4 + 12345, dtype=np.float64)[::2]
    host_row("asarray h2d strided 100MB f64", lambda: cp.asarray(hy), 5)
    print("check xfer|" + verdict(bool(np.array_equal(cp.asnumpy(cp.asarray(hx)), hx))
                                  and bool(np.array_equal(cp.asarray(hy).get(), hy))))

if GROUP == "rand":
    row("random.rand 1e8 f32", lambda: cp.random.rand(N, dtype=cp.float32), 20)
    row("random.rand 5e7 f64", lambda: cp.random.rand(N // 2), 20)
    row("random.rand 1e6 f32", lambda: cp.random.rand(1000000, dtype=cp.float32), 50)
    r = cp.random.rand(N, dtype=cp.float32)
    print("check rand|" + verdict(float(r.min()) >= 0 and float(r.max()) < 1 and abs(float(r.mean()) - 0.5) < 1e-3))

if GROUP == "svd":
    sv = cp.random.rand(2048, 2048, dtype=cp.float32)
    row("linalg.svd 2048 f32", lambda: cp.linalg.svd(sv), 3)
    s1 = cp.random.rand(1024, 1024, dtype=cp.float32)
    row("linalg.svd 1024 f32", lambda: cp.linalg.svd(s1), 3)
    lr = cp.random.rand(2048, 64, dtype=cp.float32) @ cp.random.rand(64, 2048, dtype=cp.float32)
    row("linalg.svd 2048 f32 of rank 64", lambda: cp.linalg.svd(lr), 3)
    for name, m in [("2048", sv), ("rank 64", lr)]:
        u, s, vt = cp.linalg.svd(m)
        res = float(cp.linalg.norm(m - (u * s) @ vt) / cp.linalg.norm(m))
        orth = float(cp.abs(u.T @ u - cp.eye(2048, dtype=cp.float32)).max())
        srt = bool((s[:-1] >= s[1:]).all())
        print("check svd " + name + "|" + verdict(res < 1e-4 and orth < 1e-3 and srt)
              + " residual " + str(res) + " orth " + str(orth))

if GROUP == "meminfo":
    rt = cp.cuda.runtime
    def empty():
        for i in range(2000):
            0
    def attr():
        for i in range(2000):
            cp.cuda.runtime.memGetInfo
    def count():
        for i in range(2000):
            cp.cuda.runtime.getDeviceCount()
    def meminfo():
        for i in range(2000):
            cp.cuda.runtime.memGetInfo()
    def meminfo_rt():
        for i in range(2000):
            rt.memGetInfo()
    host_row("memGetInfo x2000 (us each = ms/2)", meminfo, 7)
    host_row("rt.memGetInfo x2000 (no attribute chain)", meminfo_rt, 7)
    host_row("getDeviceCount x2000 (a call, no driver)", count, 7)
    host_row("cp.cuda.runtime.memGetInfo attribute x2000", attr, 7)
    host_row("empty loop x2000", empty, 7)
    f, t = cp.cuda.runtime.memGetInfo()
    print("check meminfo|" + verdict(0 < f <= t) + " " + str(f) + "/" + str(t))
