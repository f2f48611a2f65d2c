import numpy as np
a = np.arange(24.0).reshape(2, 3, 4)
b = np.arange(20.0).reshape(4, 5)
print(np.einsum('...ij,jk->...ik', a, b).shape)
print(np.einsum('...ij,jk->...ik', a, b)[1])
print(np.einsum('...i,...i', a, a))
print(np.einsum('i...->...', a).shape, np.einsum('...', a).shape)
print(np.einsum('ij...->...', a))
print(np.einsum('...ii->...i', np.arange(18.0).reshape(2, 3, 3)))
print(np.einsum('b...,b...->b...', a, a).shape)
try:
    np.einsum('b...,b...->b', a, a)
except ValueError as e:
    print(e)
print(np.einsum('...j,j', a, np.ones(4)))
print(np.einsum('...,...', np.arange(3), np.arange(3)))
c = np.arange(6.0).reshape(2, 3)
print(np.einsum('ij...,jk...->ik...', c[:, :, None], c.T[:, :, None]).shape)
