# plot_bench.py — issue 19's "fast on big and device data": the time from
# plt.plot(y) to a PNG for lines of 1e6..1e8 points, Lumen on device arrays
# (decimated on the device, plot/plot_reduce.c) beside matplotlib on the same
# data from NumPy (python3, Agg), and imshow of an 8192^2 image. Run by
# Lumen (LUMEN_DEVICE=cuda) and by python3 in one device call:
#   lumen run tests/gpu/plot_bench.py; python3 tests/gpu/plot_bench.py
# Prints one line a case: "plot N side ms".
import time
import io
import numpy as np
try:
    import cupy as cp
    side = "cupy-arrays" if hasattr(cp, "cuda") and not hasattr(cp, "__file__") else "numpy"
except ImportError:
    cp = None
import matplotlib
matplotlib.use("Agg") if hasattr(matplotlib, "use") else None
import matplotlib.pyplot as plt
lumen = not hasattr(np, "__file__")
side = "lumen/cp" if lumen else "matplotlib/np"
MPL_MAX = 10_000_000   # matplotlib takes seconds beyond this


def timed(f, reps=3):
    best = 1e9
    for _ in range(reps):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best * 1e3


for n in (1_000_000, 10_000_000, 100_000_000):
    if not lumen and n > MPL_MAX:
        print("plot %d %s skipped (beyond %d)" % (n, side, MPL_MAX))
        continue
    if lumen:
        y = cp.cumsum(cp.random.standard_normal(n, dtype=cp.float32))
        cp.cuda.Device().synchronize()
    else:
        y = np.cumsum(np.random.standard_normal(n).astype(np.float32))

    def draw():
        fig, ax = plt.subplots()
        ax.plot(y, lw=0.5)
        buf = io.BytesIO() if not lumen else "/tmp/plot_bench.png"
        fig.savefig(buf, format="png")
        plt.close(fig)
    print("plot %d %s %.1f ms" % (n, side, timed(draw)))

for n in (2048, 8192):
    if lumen:
        img = cp.random.random((n, n), dtype=cp.float32)
        cp.cuda.Device().synchronize()
    else:
        img = np.random.random((n, n)).astype(np.float32)

    def show():
        fig, ax = plt.subplots()
        ax.imshow(img, cmap="viridis")
        buf = io.BytesIO() if not lumen else "/tmp/plot_bench_im.png"
        fig.savefig(buf, format="png")
        plt.close(fig)
    print("imshow %dx%d %s %.1f ms" % (n, n, side, timed(show)))
