# oom.py — out-of-memory that helps, as a cell file (TAP on stdout): fill the
# memory cp allocates from with named arrays until MemoryError (on the device
# cupy.cuda.memory.OutOfMemoryError, a MemoryError), read the message (it
# names the largest variable, says what is free), `del` that array, go on;
# every variable intact.  The device: LUMEN_DEVICE=cuda lumen run oom.py
# (OOM_CHUNK_MB, default 1024); the host: tests/oom.test runs it in host mode
# under an address-space limit (prlimit --as) with small chunks.
import os
import cupy as cp

chunk = int(os.environ.get("OOM_CHUNK_MB", "1024")) * (1 << 20) // 8
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - " if cond else "not ok %d - ") % n + what)

biggest = cp.full(2 * chunk, -1.0)
filled = {}
msg = None
for i in range(100000):
    try:
        filled["a%d" % i] = cp.full(chunk, float(i))
    except MemoryError as e:
        msg = str(e)
        kind = type(e).__name__
        break
ok(msg is not None, "memory filled after %d chunks" % len(filled))
print("# " + kind + ": " + str(msg))
ok(msg is not None and "biggest: float64 (%d,)" % (2 * chunk) in msg,
   "the message names the largest variable with dtype and shape")
ok(msg is not None and "filled['a0']: float64 (%d,)" % chunk in msg,
   "the message names arrays inside a dict variable")
ok(msg is not None and ("free" in msg), "the message says how much is free")
# CuPy's words: "allocating 1,073,741,824 bytes"; NumPy's: "Unable to allocate 1.00 GiB"
ok(msg is not None and ("{:,}".format(chunk * 8) in msg or "%d" % (chunk * 8) in msg or
                        "Unable to allocate" in msg),
   "the message says how much was asked")
del biggest
again = cp.full(chunk, 7.0)
ok(float(again[-1]) == 7.0, "after `del biggest` a new array fits")
good = all(float(v[0]) == float(k[1:]) and float(v[-1]) == float(k[1:]) for k, v in filled.items())
ok(good, "every filled array intact (%d)" % len(filled))
del filled, again
pool = cp.get_default_memory_pool()
pool.free_all_blocks()
ok(pool.used_bytes() == 0, "pool used bytes back to 0 after del + free_all_blocks (%d)" % pool.used_bytes())
print("1..%d" % n)
