# einsum with '...' (ellipsis dimensions broadcast from the right) and NumPy's
# broadcasting of size-1 axes between operands, with its remapped-shapes error
import numpy as np
a = np.arange(24.).reshape(2,3,4); b = np.arange(12.).reshape(3,4); c = np.arange(4.)
tests = [("...ij->...ji", (a,)), ("...ij,...jk", (a, b.T)), ("ij...->...", (b,)), ("...i,...i", (a, c)), ("...i,...i->...", (a, b)),
 ("i...,i...", (c, c)), ("...", (a,)), ("...ij", (a,)), ("...ii->...i", (np.ones((2,3,3)),)), ("ij...,jk...->ik...", (b.reshape(3,2,2), np.ones((2,5,2)))),
 ("...i,...i", (np.ones((2,1,4)), np.ones((3,4)))), ("...ij->ij", (a,)), ("...ij->", (a,)), ("i...->i", (b,)), (".i", (c,)), ("....i", (c,)),
 ("...ij,...jk->...ik", (np.ones((2,1,3,4)), np.ones((5,4,2)))), ("...i,...i", (np.ones((2,4)), np.ones((3,4)))), ("a...,a...->...", (np.arange(3.), np.arange(6.).reshape(3,2))),
 ("...,...", (np.float64(3), a)), ("i,i...", (c, np.ones((4,)))), ("ijk...->", (a,)), ("...ijkl", (a,))]
for s, ops in tests:
    try: r = np.einsum(s, *ops); print(s, r.shape, repr(r))
    except Exception as e: print(s, type(e).__name__, e)
print(np.einsum('...ij->...ji', a[:, ::2, ::-1]))
print(np.einsum('i...', [1,2]))
for s, sh in [("ij,ij->ij", [(1,3),(2,3)]), ("ij,jk", [(2,1),(3,4)]), ("ij,jk", [(2,3),(4,5)]), ("i,i", [(2,),(3,)]), ("...i,...i", [(2,4),(3,4)]), ("ij,ik->jk", [(2,3),(3,1)]), ("ii,i", [(3,3),(2,)]), ("...i,...j->...ij", [(2,4),(3,4)]), ("ba,ab", [(2,3),(2,3)]), ("ij,ij", [(1,3),(2,1)]),
   ("ij,jk,kl", [(2,3),(3,4),(5,6)])]:
    try: r = np.einsum(s, *[np.ones(x) for x in sh]); print(s, r.shape, r)
    except Exception as e: print(s, type(e).__name__, e)
