# mpi_bench.py (tests/gpu/mpi_nccl.sh): Allreduce on a large device array through
# Lumen's mpi4py, timed as nccl_ref.c times ncclAllReduce.  Lumen's call returns
# when the collective ended (it waits for the stream, interruptibly), so compare it
# with nccl_ref's "each call waited" line; the loop has no other sync.
import os
import time
from mpi4py import MPI
import cupy as cp

comm = MPI.COMM_WORLD
n = int(os.environ.get("N", str(1 << 27)))
iters = int(os.environ.get("ITERS", "20"))
x = cp.ones(n)
y = cp.empty_like(x)
for _ in range(3):
    comm.Allreduce(x, y, op=MPI.SUM)
cp.cuda.Device().synchronize()
comm.Barrier()
t0 = time.perf_counter()
for _ in range(iters):
    comm.Allreduce(x, y, op=MPI.SUM)
cp.cuda.Device().synchronize()
t = (time.perf_counter() - t0) / iters
ok = float(y[0]) == comm.size and float(y[-1]) == comm.size
if comm.rank == 0:
    print("%s Allreduce: %d float64, %d ranks: %.3f ms per call (%.1f GB/s) path=%s correct=%s"
          % (os.environ.get("WHO", "lumen"), n, comm.size, t * 1e3, n * 8.0 / t / 1e9, MPI.lumen_path(), ok))
