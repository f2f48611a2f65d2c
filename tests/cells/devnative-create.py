# eye, identity, tri, diag, fftfreq, logspace, fromfunction and empty made where the
# array lives (issue 17's sweep found them built on the host and copied up): the
# diagonal as a strided view filled or copied by the backend, tri as NumPy's
# greater_equal.outer(arange(N), arange(-k, M - k)), fftfreq as arange shifted,
# logspace as power(base, linspace), fromfunction over indices(shape, dtype).
# tests/devsearch.test runs the device compositions on the host too.
import numpy as np
for n,m,k in [(3,None,0),(4,5,1),(4,5,-2),(0,3,0),(3,4,7),(5,2,-9)]:
    print(np.eye(n,m,k), np.eye(n,m,k,dtype=int).dtype)
    print(np.tri(n,m,k), np.tri(n,m,k,dtype=np.float32).dtype)
print(np.identity(3, dtype=complex))
for k in [0,1,-1,3,-5]:
    print(np.diag(np.arange(12).reshape(3,4), k))
    print(np.diag(np.arange(12).reshape(3,4).T, k))
    print(np.diag(np.array([1.,2,3]), k))
print(np.diag(np.arange(10)[::3], 1))
print(np.fft.fftfreq(8, 0.1), np.fft.fftfreq(7), np.fft.rfftfreq(7, 2.0), np.fft.fftfreq(1))
print(np.logspace(0, 3, 4), np.logspace(1, 2, 5, base=2.0, endpoint=False), np.logspace(0,1,3,dtype=np.float32))
print(np.fromfunction(lambda i, j: i + 2*j, (3, 4)))
print(np.fromfunction(lambda i, j: i == j, (3, 3), dtype=int))
print(np.fromfunction(lambda i: i * 2, (4,), dtype=np.float32))
print(np.empty((2, 3)).shape, np.empty_like(np.ones(3)).dtype, np.empty(0, dtype=np.int8).dtype)
try:
    np.fft.fftfreq(0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(np.diag(np.diag(np.arange(1, 5) * 1.5)), np.diag(np.zeros((0, 3))), np.diag(np.ones(0)))
print(np.eye(2, dtype=bool), np.tri(3, dtype=bool), np.eye(3, k=1, dtype=np.complex64))
