import numpy as np
x = np.arange(24.0).reshape(2, 3, 4)
y = np.arange(40.0).reshape(2, 4, 5)
print(np.einsum('bij,bjk->bik', x, y))
print(np.einsum('ii->i', np.arange(9).reshape(3, 3)))
print(np.einsum('i,j->ij', np.arange(3), np.arange(4)))
print(np.einsum('ijk->kji', x).shape)
print(np.einsum('ij,ij->i', x[0], x[1]))
