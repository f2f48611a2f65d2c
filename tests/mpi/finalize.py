# mpi: a script that ends MPI itself (MPI.Finalize), as mpi4py scripts often do
from mpi4py import MPI

comm = MPI.COMM_WORLD
print(comm.rank, comm.allreduce(comm.rank + 1), MPI.Is_finalized())
MPI.Finalize()
print("after", MPI.Is_finalized(), MPI.Is_initialized())
