# np.einsum_path: NumPy's paths and printed report; np.einsum(optimize=path)
import numpy as np

rng = np.random.default_rng(3)
a = rng.random((2, 2))
b = rng.random((2, 5))
c = rng.random((5, 2))
path_info = np.einsum_path('ij,jk,kl->il', a, b, c, optimize='greedy')
print(path_info[0])
print(path_info[1])
I = rng.random((10, 10, 10, 10))
C = rng.random((10, 10))
path, report = np.einsum_path('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C, optimize='optimal')
print(path)
print(report)
print(np.allclose(np.einsum('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C, optimize=path),
                  np.einsum('ea,fb,abcd,gc,hd->efgh', C, C, I, C, C)))
print(np.einsum_path('ij,jk,kl->il', a, b, c, optimize=True)[0])
print(np.einsum_path('ij,jk,kl->il', a, b, c, optimize=False)[0])
print(np.einsum_path('ij,jk,kl->il', a, b, c, optimize=('greedy', 3))[0])
print(np.einsum_path('ij,jk,kl->il', a, b, c, optimize=['einsum_path', (0, 1), (0, 1)])[0])
print(np.einsum_path('ij,jk', a, b)[1].splitlines()[0])
print(np.einsum_path('ii->i', np.eye(3))[0])
for args, kw in [(('ij,jk->ik', a), {}), (('ij,jk->ik', a, c), {}), (('ij,jk,kl->il', a, b, c), {'optimize': 'fastest'}),
                 (('ij->', a), {'optimize': ['einsum_path', (0, 1)]})]:
    try:
        np.einsum_path(*args, **kw)
    except (ValueError, TypeError, KeyError, IndexError) as e:
        print(type(e).__name__, e)
