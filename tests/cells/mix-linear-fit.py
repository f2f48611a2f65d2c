import numpy as np
x = np.arange(10, dtype=np.float64)
y = 3.0 * x + 2.0
A = np.vstack([x, np.ones_like(x)]).T
coef, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
print(np.round(coef, 6), rank)
pred = A @ coef
print(np.allclose(pred, y))
