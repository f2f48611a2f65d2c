# mpi: send / recv with tags and statuses, isend / irecv, sendrecv, probe
from mpi4py import MPI
import numpy as np

comm = MPI.COMM_WORLD
rank, size = comm.rank, comm.size
right, left = (rank + 1) % size, (rank - 1) % size

req = comm.isend({"from": rank, "arr": np.arange(3) + rank}, dest=right, tag=7)
st = MPI.Status()
msg = comm.recv(source=left, tag=7, status=st)
req.wait()
print(rank, msg, st.Get_source(), st.Get_tag(), st.source, st.tag)

r1 = comm.isend("late", dest=right, tag=2)
r2 = comm.isend("early", dest=right, tag=1)
print(rank, comm.recv(source=left, tag=1), comm.recv(source=left, tag=2))
print(rank, r1.wait(), r2.wait())

reqs = [comm.irecv(source=left, tag=5), comm.isend([rank] * 3, dest=right, tag=5)]
print(rank, MPI.Request.waitall(reqs))
q = comm.irecv(source=MPI.ANY_SOURCE, tag=MPI.ANY_TAG)
s = comm.isend(rank * 100, dest=right, tag=11)
st2 = MPI.Status()
print(rank, q.wait(status=st2), st2.source, st2.tag, s.wait())
print(rank, comm.sendrecv(("sr", rank), dest=right, source=left))
print(rank, comm.sendrecv(rank, dest=right, sendtag=4, source=left, recvtag=4))

s = comm.isend(b"x" * 10, dest=right, tag=3)
st3 = MPI.Status()
print(rank, comm.probe(source=left, tag=3, status=st3), st3.source, st3.tag, st3.Get_count() > 0)
print(rank, comm.iprobe(source=left, tag=3), comm.recv(source=left, tag=3))
s.wait()
print(rank, comm.iprobe(source=left, tag=3))
q = comm.irecv(source=left, tag=21)
comm.isend("t", dest=right, tag=21).wait()
comm.Barrier()
while True:
    f, v = q.test()
    if f:
        break
print(rank, f, v)
comm.send(None, dest=MPI.PROC_NULL)
print(rank, comm.recv(source=MPI.PROC_NULL))
