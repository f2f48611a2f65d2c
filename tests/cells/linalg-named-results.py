import numpy as np
a = np.array([[2.0, 1.0], [1.0, 3.0]])
r = np.linalg.eigh(a)
# the repr on a diagonal matrix: an eigenvector's sign is the solver's choice
# (LAPACK's and cuSOLVER's differ for a), a diagonal's are the unit vectors
print(repr(np.linalg.eigh(np.array([[2.0, 0.0], [0.0, 3.0]]))))
print(r.eigenvalues, r.eigenvectors.shape, len(r), r[0] is r.eigenvalues)
w, v = r
print(w)
print(r._fields)
s = np.linalg.slogdet(a)
print(s)
print(s.sign, s.logabsdet)
sign, logdet = s
print(sign, logdet)
q = np.linalg.qr(a)
print(q.Q.shape, q.R.shape, type(q).__name__ if False else 'QRResult' in repr(q))
u = np.linalg.svd(a)
print(u.U.shape, u.S, u.Vh.shape)
print(repr(np.linalg.svd(a, compute_uv=False)))
e = np.linalg.eig(np.array([[1.0, 0.0], [0.0, 2.0]]))
print(e)
print(e.eigenvalues, e.eigenvectors)
print(tuple(e) == (e[0], e[1]) if False else len(tuple(e)))
print(np.linalg.slogdet(np.eye(3) * 2))
