"""bench_start.py CMD... — start-up costs, each in a fresh process: the time
from spawning `CMD probe.py` to its first cp result, and the first call of an
ElementwiseKernel that an earlier process compiled (the disk cache).  Runs
the probe three times (the first may compile) and prints "name|ms" rows, the
better of runs 2 and 3 (in the format of tests/gpu/bench_cells.py).
usage: python3 bench_start.py lumen run   |   python3 bench_start.py python3"""
import os
import subprocess
import sys
import tempfile
import time

PROBE = """import time
import numpy as np
import cupy as cp
x = cp.arange(1000, dtype=cp.float32)
print("first|" + str(float((x * 2).sum())), flush=True)
k = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x * 1.75f - 0.5f', 'disk_cache_probe')
t = time.perf_counter()
k(x)
cp.cuda.Device().synchronize()
print("kernel|" + str((time.perf_counter() - t) * 1000), flush=True)
"""

def run_once(cmd, probe):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd + [probe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = kernel = None
    for line in p.stdout:
        if line.startswith("first|") and first is None:
            first = (time.perf_counter() - t0) * 1000
        elif line.startswith("kernel|"):
            kernel = float(line.split("|")[1])
        else:
            print("# " + line.rstrip())
    p.wait()
    return first, kernel

def main():
    cmd = sys.argv[1:]
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "probe.py")
        with open(probe, "w") as f:
            f.write(PROBE)
        runs = [run_once(cmd, probe) for i in range(3)]
    later = runs[1:]
    for name, i in (("fresh process to first cp result", 0),
                    ("first call of a cached ElementwiseKernel, new process", 1)):
        vals = sorted(r[i] for r in later if r[i] is not None)
        if vals:
            print(name + "|" + str(round(vals[0], 4)))
        else:
            print(name + "|error|the probe did not finish")

main()
