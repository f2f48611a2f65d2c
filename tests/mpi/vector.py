# mpi: the vector buffer methods (Gatherv, Scatterv, Allgatherv, Alltoallv)
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
counts = [i + 1 for i in range(size)]
displs = [sum(counts[:i]) for i in range(size)]
total = sum(counts)

mine = np.full(rank + 1, rank, dtype=np.float64)
allv = np.zeros(total)
comm.Allgatherv(mine, [allv, counts, displs, MPI.DOUBLE])
print(rank, allv)
allv2 = np.zeros(total)
comm.Allgatherv([mine, MPI.DOUBLE], [allv2, (counts, None), MPI.DOUBLE])
print(rank, allv2)
allv3 = np.zeros(total, dtype=np.int64)
comm.Allgatherv(mine.astype(np.int64), [allv3, counts])
print(rank, allv3)

g = np.full(total, -1, dtype=np.int32) if rank == 0 else None
comm.Gatherv(np.arange(rank + 1, dtype=np.int32) * 10, [g, counts, displs, MPI.INT] if rank == 0 else None, root=0)
print(rank, g)

src = np.arange(total, dtype=np.float32) if rank == size - 1 else None
part = np.zeros(rank + 1, dtype=np.float32)
comm.Scatterv([src, counts, displs, MPI.FLOAT] if rank == size - 1 else None, part, root=size - 1)
print(rank, part)

sc = [1] * size
sd = list(range(size))
send = np.arange(size, dtype=np.float64) + 100 * rank
recv = np.zeros(size)
comm.Alltoallv([send, (sc, sd), MPI.DOUBLE], [recv, (sc, sd), MPI.DOUBLE])
print(rank, recv)
eq = np.zeros(2 * size)
comm.Allgatherv(np.array([rank, rank + 0.5]), eq)
print(rank, eq)
try:
    comm.Allgatherv(mine, [np.zeros(total), counts[:-1] + [1, 1]])
except ValueError as e:
    print(rank, "ValueError")
