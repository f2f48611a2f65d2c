# scipy.linalg.expm at each Pade order SciPy picks (3, 5, 7, 9, and 13
# with scaling and squaring), float32 kept, against closed forms: a
# rotation generator, a nilpotent matrix, a diagonal one, and exp(A)
# exp(-A) = I (cp composes it from matmul and solve where the matrix lies).
import numpy as np
import scipy.linalg as sla
def r(x, d=6):
    return np.round(x, d) + 0.0
for t in (0.01, 0.2, 0.9, 2.0, 5.0, 40.0):
    g = np.array([[0.0, -t], [t, 0.0]])
    e = sla.expm(g)
    print(t, r(e), bool(np.allclose(e, [[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]], rtol=1e-10, atol=1e-10)))
n = np.array([[0.0, 1.0, 2.0], [0.0, 0.0, 3.0], [0.0, 0.0, 0.0]])
print(r(sla.expm(n)))
d = np.diag(np.array([0.5, -1.0, 3.0, 7.0]))
print(bool(np.allclose(sla.expm(d), np.diag(np.exp([0.5, -1.0, 3.0, 7.0])), rtol=1e-12)))
a = np.sin(np.arange(36.0).reshape(6, 6)) * 2.5
e = sla.expm(a)
print(bool(np.allclose(e @ sla.expm(-a), np.eye(6), atol=1e-9)), e.dtype, e.shape)
e32 = sla.expm(a.astype(np.float32))
print(e32.dtype, bool(np.allclose(e32, e, rtol=1e-3, atol=1e-3)))
print(r(sla.expm(np.zeros((3, 3)))), sla.expm(np.array([[2]])).dtype)
