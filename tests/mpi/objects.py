# mpi: the lower-case methods on Python values, NumPy arrays and scalars
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
last = size - 1

data = {"ints": [1, -2, 2**70, -(3**50)], "f": 2.5, "c": 1 - 2j, "s": "héllo", "b": b"\x00\xff",
        "t": (None, True, False), "r": range(2, 9, 3), "nested": [[1, (2, [3])], {"k": "v"}]}
got = comm.bcast(data if rank == 0 else None, root=0)
print(rank, got == data, got)
print(rank, comm.bcast(np.arange(6, dtype=np.int16).reshape(2, 3) if rank == last else None, root=last))
print(rank, comm.bcast(np.float32(1.5)), comm.bcast(np.dtype("complex64")), comm.bcast(np.int8))
print(rank, sorted(comm.bcast({3, 1, 2})), comm.bcast(frozenset({"a"})), comm.bcast(slice(1, None, 2)))
print(rank, comm.bcast(ValueError("bad", 3)).args, comm.bcast(int), comm.bcast(...))

print(rank, comm.gather(rank * 10, root=0))
print(rank, comm.gather({"r": rank}, root=last))
print(rank, comm.allgather((rank, str(rank), np.full(2, rank))))
print(rank, comm.scatter([[i, i * i] for i in range(size)] if rank == 0 else None, root=0))
print(rank, comm.scatter([np.arange(i + 1.0) for i in range(size)] if rank == last else None, root=last))
print(rank, comm.alltoall([(rank, j) for j in range(size)]))

print(rank, comm.reduce(rank + 1, op=MPI.SUM, root=0), comm.reduce([rank], root=last))
print(rank, comm.allreduce(rank + 1, op=MPI.PROD), comm.allreduce(rank, op=MPI.MAX), comm.allreduce(-rank, op=MPI.MIN))
print(rank, comm.allreduce(str(rank)), comm.allreduce((rank,)), comm.allreduce(rank, MPI.BOR))
print(rank, comm.allreduce(rank > 0, op=MPI.LAND), comm.allreduce(rank > 0, op=MPI.LOR))
print(rank, comm.allreduce(np.arange(3) * (rank + 1)), comm.allreduce(np.float64(rank) + 0.5))
print(rank, comm.allreduce(np.array([1.5, -2.0]) * rank, op=MPI.SUM).dtype)
print(rank, comm.reduce(2 ** 64 + rank, op=MPI.SUM, root=0))
a = [1, 2]
b = comm.bcast(a, root=0)
print(rank, b == a, b is a)
