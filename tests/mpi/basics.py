# mpi: the communicator, the module's constants and small objects
from mpi4py import MPI

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
print("rank", rank, comm.rank, "size", size, comm.size)
print(comm.Get_name(), comm.name)
print(type(comm).__name__)
print(MPI.ANY_SOURCE, MPI.ANY_TAG, MPI.PROC_NULL, MPI.UNDEFINED, MPI.ROOT)
print(repr(MPI.IN_PLACE), MPI.Is_initialized(), MPI.Is_finalized())
print(MPI.Query_thread() == MPI.THREAD_MULTIPLE, MPI.Get_version())
print(isinstance(MPI.Wtime(), float), MPI.Wtick() > 0, isinstance(MPI.Get_processor_name(), str))
t0 = MPI.Wtime()
comm.Barrier()
comm.barrier()
print(MPI.Wtime() >= t0)
print(MPI.DOUBLE.Get_size(), MPI.DOUBLE.size, MPI.FLOAT.size, MPI.INT.size, MPI.INT64_T.size,
      MPI.C_DOUBLE_COMPLEX.size, MPI.BYTE.size, MPI.C_BOOL.size)
print(MPI.DOUBLE.Get_name(), MPI.INT.name, MPI.FLOAT.Get_name())
print(MPI.SUM(2, 3), MPI.PROD(2, 3), MPI.MAX(2, 3), MPI.MIN(2, 3), MPI.MAX([1], [2]))
print(MPI.MAX(float("nan"), 1.0), MPI.MAX(1.0, float("nan")), MPI.MIN("a", "b"))
print(MPI.LAND(1, 0), MPI.LOR(0, 5), MPI.BAND(6, 3), MPI.BOR(6, 3), MPI.BXOR(6, 3), MPI.LXOR(1, 0))
st = MPI.Status()
print(st.Get_source(), st.Get_tag(), st.source, st.tag, st.Get_error())
st.source = 3
st.tag = 9
print(st.source, st.tag)
print(MPI.DOUBLE is MPI.DOUBLE, MPI.SUM is MPI.SUM)
try:
    comm.bcast(1, root=size)
except MPI.Exception as e:
    print("bcast bad root:", e)
