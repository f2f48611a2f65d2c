import numpy as np
a = np.arange(6, dtype=np.int32).reshape(2, 3)
print(repr(np.einsum('ij,kj->ik', a, a)))
print(repr(np.einsum('ij->', a)))
print(repr(np.einsum('ij,jk,kl->il', a, a.T, a)))
