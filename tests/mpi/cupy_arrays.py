# mpi: buffer and object methods on cp arrays (NCCL on a GPU; host mode: MPI)
from mpi4py import MPI
import cupy as cp
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
right, left = (rank + 1) % size, (rank - 1) % size

x = cp.arange(6, dtype=cp.float64) * (rank + 1)
y = cp.empty_like(x)
comm.Allreduce(x, y, op=MPI.SUM)
print(rank, type(y).__name__, cp.asnumpy(y))
for op in (MPI.MAX, MPI.MIN, MPI.PROD):
    comm.Allreduce(x, y, op=op)
    print(rank, cp.asnumpy(y))
for dt in (cp.float32, cp.int32, cp.int64, cp.uint8, cp.complex128, cp.int16, cp.bool_):
    a = (cp.arange(3) + rank).astype(dt)
    b = cp.zeros(3, dtype=dt)
    comm.Allreduce(a, b, op=MPI.SUM if dt is not cp.bool_ else MPI.LOR)
    print(rank, np.dtype(dt).name, cp.asnumpy(b))
z = cp.arange(4.0) * (rank + 2)
comm.Allreduce(MPI.IN_PLACE, z, op=MPI.SUM)
print(rank, cp.asnumpy(z))
bc = cp.arange(5.0) if rank == 0 else cp.zeros(5)
comm.Bcast(bc, root=0)
print(rank, cp.asnumpy(bc))
r = cp.zeros(3) if rank == 0 else None
comm.Reduce(cp.ones(3) * (rank + 1), r, op=MPI.SUM, root=0)
print(rank, None if r is None else cp.asnumpy(r))
ag = cp.empty(2 * size, dtype=cp.int64)
comm.Allgather(cp.array([rank, -rank], dtype=cp.int64), ag)
print(rank, cp.asnumpy(ag))
a2 = cp.arange(size, dtype=cp.float32) + 10 * rank
b2 = cp.empty_like(a2)
comm.Alltoall(a2, b2)
print(rank, cp.asnumpy(b2))
g = cp.zeros(size) if rank == 0 else None
comm.Gather(cp.array([rank * 1.5]), g, root=0)
print(rank, None if g is None else cp.asnumpy(g))
s = cp.arange(size * 2.0) if rank == 0 else None
p = cp.empty(2)
comm.Scatter(s, p, root=0)
print(rank, cp.asnumpy(p))
got = cp.empty(3)
q = comm.Isend(cp.arange(3.0) + rank, dest=right, tag=1)
comm.Recv(got, source=left, tag=1)
q.Wait()
print(rank, cp.asnumpy(got))
got = cp.empty(3)
rq = comm.Irecv(got, source=left, tag=2)
comm.Isend(cp.arange(3.0) * rank, dest=right, tag=2).Wait()
rq.Wait()
print(rank, cp.asnumpy(got))
sr = cp.empty(2)
comm.Sendrecv(cp.full(2, rank + 0.25), dest=right, recvbuf=sr, source=left)
print(rank, cp.asnumpy(sr))
obj = comm.bcast(cp.arange(3) * 7 if rank == 0 else None, root=0)
print(rank, type(obj).__name__, cp.asnumpy(obj))
print(rank, cp.asnumpy(comm.allreduce(cp.arange(3) + rank)))
av = cp.zeros(3 * size)
comm.Allgatherv(cp.full(3, rank * 1.0), [av, [3] * size])
print(rank, cp.asnumpy(av))
