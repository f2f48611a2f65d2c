# mpi: the nonblocking collectives on NumPy arrays (Request.Wait / Waitall / Test)
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size

x = np.arange(4.0) * (rank + 1)
y = np.empty(4)
r1 = comm.Iallreduce(x, y, op=MPI.SUM)
b = np.arange(3, dtype=np.int64) if rank == 0 else np.zeros(3, dtype=np.int64)
r2 = comm.Ibcast(b, root=0)
print(rank, MPI.Request.Waitall([r1, r2]), y, b)
ag = np.empty(2 * size, dtype=np.int32)
r = comm.Iallgather(np.array([rank, -rank], dtype=np.int32), ag)
print(rank, r.Wait(), ag)
z = np.zeros(3) if rank == 0 else None
r = comm.Ireduce(np.ones(3) * (rank + 2), z, op=MPI.PROD, root=0)
r.Wait()
print(rank, z)
g = np.zeros(size) if rank == size - 1 else None
comm.Igather(np.array([rank * 2.5]), g, root=size - 1).Wait()
print(rank, g)
src = np.arange(2.0 * size) if rank == 0 else None
part = np.empty(2)
comm.Iscatter(src, part, root=0).Wait()
print(rank, part)
a = np.arange(size, dtype=np.float32) + 10 * rank
out = np.empty_like(a)
q = comm.Ialltoall(a, out)
while not q.Test():
    pass
print(rank, out)
q = comm.Ibarrier()
q.Wait()
print(rank, "barrier", q.Test())
v = np.full(2, float(rank))
comm.Iallreduce(MPI.IN_PLACE, v, op=MPI.MAX).Wait()
print(rank, v)
