# mpi: Split and Dup make communicators of their own
from mpi4py import MPI

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
half = comm.Split(color=rank % 2, key=-rank)
print(rank, half.size, half.rank, half.allgather(rank))
d = comm.Dup()
print(rank, d.size, d.rank, d.allreduce(rank), d.bcast("dup", root=0))
d.Free()
half.Free()
s = MPI.COMM_SELF
print(rank, s.size, s.rank, s.allgather(rank), s.Get_name())
