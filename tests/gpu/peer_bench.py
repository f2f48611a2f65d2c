# peer_bench.py (tests/gpu/multigpu.sh, issue 21): a peer copy of 1 GiB between two GPUs
# as a CuPy user writes it -- `with cp.cuda.Device(dst): y = cp.asarray(x)` for x on
# device src -- timed over ITERS copies (each one finished: the copy and its
# synchronization), both directions.  Run by `lumen run` and by python3 with CuPy;
# multigpu.sh puts the numbers beside tests/gpu/peer_ref.c's cudaMemcpyPeer.
# Env: BYTES (default 1 GiB), ITERS (default 20), WHO (a label).
import os
import time

import cupy as cp

nbytes = int(os.environ.get("BYTES", str(1 << 30)))
iters = int(os.environ.get("ITERS", "20"))
who = os.environ.get("WHO", "lumen")
if cp.cuda.runtime.getDeviceCount() < 2:
    print("%s peer copy: skipped, one GPU" % who)
else:
    for src, dst in ((0, 1), (1, 0)):
        with cp.cuda.Device(src):
            x = cp.ones(nbytes // 4, dtype=cp.float32)
            cp.cuda.Device().synchronize()
        with cp.cuda.Device(dst):
            y = cp.asarray(x)          # the first copy: pool and peer access set up
            cp.cuda.Device().synchronize()
            del y
            t0 = time.perf_counter()
            for _ in range(iters):
                y = cp.asarray(x)
                cp.cuda.Device().synchronize()
                del y
            t = (time.perf_counter() - t0) / iters
            y = cp.asarray(x)
            ok = y.device.id == dst and float(y[0]) == 1.0 and float(y[-1]) == 1.0
            del y
        del x
        print("%s peer copy %d->%d: %d bytes, %.3f ms per copy, %.1f GB/s, correct=%s"
              % (who, src, dst, nbytes, t * 1e3, nbytes / t / 1e9, ok))
