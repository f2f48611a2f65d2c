# mpi: the errors mpi4py raises before any message moves (the same on every rank)
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size


def show(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)


show(lambda: comm.Allreduce(np.zeros(4), np.zeros(3)))
show(lambda: comm.Allreduce(np.zeros(4), np.zeros(4, dtype=np.float32)))
show(lambda: comm.Allreduce(np.zeros(4), np.zeros(4), op=5))
show(lambda: comm.Allgather(np.zeros(2), np.zeros(2 * size + 1)))
show(lambda: comm.Alltoall(np.zeros(2 * size + 1), np.zeros(2 * size + 1)))
show(lambda: comm.Bcast([1, 2]))
show(lambda: comm.Bcast(5))
show(lambda: comm.Bcast([np.zeros(3), MPI.INT, 7]))
show(lambda: comm.Bcast([np.zeros(3), MPI.INT64_T, 1, 2]))
show(lambda: comm.Bcast([np.zeros(3), 2, MPI.DOUBLE]))
show(lambda: comm.alltoall(list(range(size + 2))))
show(lambda: comm.allgather((i for i in range(3))))
show(lambda: comm.bcast(1, root=size))
if size == 1:
    show(lambda: comm.scatter([1, 2], root=0))
    show(lambda: comm.allreduce(1, op="sum"))
    show(lambda: comm.reduce(np.arange(3), op=MPI.MAX))
    show(lambda: comm.Allgather(np.zeros(2), np.zeros(3)))
show(lambda: comm.allreduce(2, op=lambda a, b: a * 10 + b))
show(lambda: comm.allreduce([rank], op=lambda a, b: b + a))
comm.Barrier()
print("end")
