# bw.py — the card's device-to-device copy bandwidth for the sweep's table
# (tests/gpu/sweep.sh runs it under CuPy and Lumen): cp.copyto of 1 GiB
# (2^28 float32; 2 GiB moved: one read, one write), CUDA-event median of
# 10.  Prints I|card|NAME and I|copy_gbs|GB/s (1e9 bytes).
import time
import cupy as cp


def card():
    if not hasattr(cp.cuda.runtime, "getDeviceProperties"):
        return "no device (host mode)"
    nm = cp.cuda.runtime.getDeviceProperties(0)["name"]
    if isinstance(nm, bytes):
        nm = nm.decode()
    return nm


def COPY(b, a):
    # cp.copyto where the namespace has it, else the same copy by assignment
    if hasattr(cp, "copyto"):
        cp.copyto(b, a)
    else:
        b[...] = a


print("I|card|" + card())
n = 1 << 28
a = cp.arange(n, dtype=cp.float32)
b = cp.empty_like(a)
COPY(b, a)
COPY(b, a)
if hasattr(cp.cuda, "Device"):
    cp.cuda.Device().synchronize()
ts = []
for i in range(10):
    if not hasattr(cp.cuda, "Event"):
        # host mode: no events; the copy is done when it returns
        t = time.perf_counter()
        COPY(b, a)
        ts.append((time.perf_counter() - t) * 1000)
        continue
    e0 = cp.cuda.Event()
    e1 = cp.cuda.Event()
    e0.record()
    COPY(b, a)
    e1.record()
    e1.synchronize()
    ts.append(cp.cuda.get_elapsed_time(e0, e1))
ts.sort()
ms = ts[5]
print("I|copy_ms|" + str(round(ms, 4)))
print("I|copy_gbs|" + str(round(2.0 * 4 * n / (ms * 1e6), 1)))
print("I|copy_check|" + ("ok" if bool((b[::65537] == a[::65537]).all()) else "WRONG"))
