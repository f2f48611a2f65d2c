# scipy.linalg.solve_triangular: each triangle and trans, one and several
# right-hand sides, float32 kept, integer inputs, a transposed (strided)
# matrix, a unit diagonal that is not read, SciPy's LinAlgError for a zero
# on the diagonal (cp solves with cuBLAS trsv/trsm where the arrays lie).
import numpy as np
import scipy.linalg as sla
def r(x):
    return np.round(x, 5) + 0.0
L = np.array([[2.0, 0.0, 0.0, 0.0], [1.0, 3.0, 0.0, 0.0], [-1.0, 2.0, 4.0, 0.0], [0.5, 1.0, -2.0, 5.0]])
U = L.T.copy()
b = np.array([1.0, 2.0, 3.0, 4.0])
B = np.arange(12.0).reshape(4, 3) - 5
for lower, a in ((True, L), (False, U)):
    for trans in (0, 1, 'T', 'C'):
        x = sla.solve_triangular(a, b, lower=lower, trans=trans)
        X = sla.solve_triangular(a, B, lower=lower, trans=trans)
        op = a.T if trans in (1, 'T', 'C') else a
        print(lower, trans, r(x), bool(np.allclose(op @ x, b)), X.shape, bool(np.allclose(op @ X, B)))
x32 = sla.solve_triangular(L.astype(np.float32), b.astype(np.float32), lower=True)
print(x32.dtype, r(x32))
print(sla.solve_triangular(L.astype(np.float32), b, lower=True).dtype)
xi = sla.solve_triangular(np.array([[2, 0], [1, 1]]), np.array([4, 3]), lower=True)
print(xi.dtype, xi)
print(r(sla.solve_triangular(U.T, b, lower=True)))
Lu = L.copy()
Lu[np.arange(4), np.arange(4)] = 7.0
print(r(sla.solve_triangular(Lu, B, lower=True, unit_diagonal=True)))
Z = L.copy()
Z[2, 2] = 0.0
try:
    sla.solve_triangular(Z, b, lower=True)
except np.linalg.LinAlgError as e:
    print("LinAlgError", e)
print(r(sla.solve_triangular(Z, b, lower=True, unit_diagonal=True)))
try:
    sla.solve_triangular(L, np.ones(3))
except ValueError as e:
    print("ValueError", e)
print(sla.solve_triangular(np.zeros((0, 0)), np.zeros(0)).shape)
