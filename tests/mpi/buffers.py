# mpi: the buffer methods on NumPy arrays
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
right, left = (rank + 1) % size, (rank - 1) % size

buf = np.arange(5, dtype=np.float64) if rank == 0 else np.zeros(5)
comm.Bcast(buf, root=0)
print(rank, buf)
ib = np.full(3, rank, dtype=np.int32)
comm.Bcast([ib, MPI.INT], root=size - 1)
print(rank, ib)

for dt in (np.float64, np.float32, np.int64, np.int32, np.int16, np.uint8, np.complex128, np.complex64):
    x = (np.arange(4) + rank + 1).astype(dt)
    y = np.zeros(4, dtype=dt)
    comm.Allreduce(x, y, op=MPI.SUM)
    print(rank, np.dtype(dt).name, y)
for op in (MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN):
    x = np.array([rank + 1.5, -rank, 3.0 * rank])
    y = np.empty(3)
    comm.Allreduce(x, y, op=op)
    z = np.zeros(3) if rank == 0 else None
    comm.Reduce(x, z, op=op, root=0)
    print(rank, y, z)
b = np.array([rank, 1, 6 - rank], dtype=np.int64)
out = np.empty_like(b)
for op in (MPI.BAND, MPI.BOR, MPI.BXOR):
    comm.Allreduce(b, out, op=op)
    print(rank, out)
flags = np.array([rank > 0, True, False])
res = np.empty(3, dtype=bool)
comm.Allreduce(flags, res, op=MPI.LOR)
print(rank, res)

x = np.arange(4.0) * (rank + 1)
comm.Allreduce(MPI.IN_PLACE, x, op=MPI.MAX)
print(rank, x)
x = np.arange(3.0) + rank
if rank == 0:
    comm.Reduce(MPI.IN_PLACE, x, op=MPI.SUM, root=0)
else:
    comm.Reduce(x, None, op=MPI.SUM, root=0)
print(rank, x)
m = np.arange(6.0).reshape(2, 3) * (rank + 1)
mo = np.empty((2, 3))
comm.Allreduce([m, MPI.DOUBLE], [mo, MPI.DOUBLE], op=MPI.SUM)
print(rank, mo)

send = np.array([rank, rank * 10], dtype=np.int64)
recv = np.empty(2 * size, dtype=np.int64)
comm.Allgather(send, recv)
print(rank, recv)
g = np.full(2 * size, -1.0) if rank == 0 else None
comm.Gather(send.astype(float), g, root=0)
print(rank, g)
sc = np.arange(3 * size, dtype=np.float32) if rank == size - 1 else None
part = np.empty(3, dtype=np.float32)
comm.Scatter(sc, part, root=size - 1)
print(rank, part)
a2a = np.arange(2 * size, dtype=np.int32) + 100 * rank
back = np.empty_like(a2a)
comm.Alltoall(a2a, back)
print(rank, back)
ag = np.zeros(size)
ag[rank] = rank + 0.5
comm.Allgather(MPI.IN_PLACE, ag)
print(rank, ag)

msg = np.arange(4, dtype=np.float64) * (rank + 1)
got = np.empty(4)
sreq = comm.Isend(msg, dest=right, tag=3)
rreq = comm.Irecv(got, source=left, tag=3)
print(rank, MPI.Request.Waitall([sreq, rreq]), got)
got2 = np.empty(4)
st = MPI.Status()
r = comm.Irecv([got2, MPI.DOUBLE], source=MPI.ANY_SOURCE, tag=MPI.ANY_TAG)
comm.Isend([msg, MPI.DOUBLE], dest=right, tag=8).Wait()
print(rank, r.Wait(st), got2, st.Get_source(), st.Get_tag(), st.Get_count(MPI.DOUBLE), st.Get_count(MPI.BYTE))
sr = np.empty(4)
st = MPI.Status()
comm.Sendrecv(msg, dest=right, sendtag=1, recvbuf=sr, source=left, recvtag=1, status=st)
print(rank, sr, st.source, st.tag, st.Get_count(MPI.DOUBLE), st.Get_count(MPI.INT))
big = np.zeros(3)
q = comm.Isend(np.array([1.0, 2.0, 3.0]) * rank, dest=right, tag=4)
comm.Recv(big, source=left, tag=4, status=st)
q.Wait()
print(rank, big, st.Get_count(MPI.DOUBLE))
half = np.zeros(4)
q = comm.Isend(np.ones(2), dest=right, tag=6)
comm.Recv(half, source=left, tag=6, status=st)
q.Wait()
print(rank, half, st.Get_count(MPI.DOUBLE))
f = np.asfortranarray(np.arange(6.0).reshape(2, 3)) * (rank + 1)
fo = np.empty((2, 3), order="F")
comm.Allreduce(f, fo, op=MPI.SUM)
print(rank, fo)
print(rank, "done")
