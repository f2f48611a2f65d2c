import numpy as np
import time
a = np.arange(12.0).reshape(3, 4)
b = np.arange(12.0).reshape(3, 4) + 1
print(np.einsum('ij,ij->ij', a, b))
print(np.einsum('ij,ij->i', a, b))
print(np.einsum('i,j->ij', np.arange(3), np.arange(4)))
print(np.einsum('bi,bj->bij', a, b)[1])
x = np.ones((1000, 1000))
t0 = time.perf_counter()
y = np.einsum('ij,ij->ij', x, x)
print(y.shape, time.perf_counter() - t0 < 2.0)
print(np.einsum('ij,jk,kl->il', a, b.T, a).shape)
