import numpy as np
a = np.array([[1.0, np.nan], [2.0, 3.0]])
for f in [np.linalg.inv, np.linalg.det, np.linalg.eigvalsh, np.linalg.cholesky, lambda x: np.linalg.svd(x, compute_uv=False), np.linalg.eigvals, lambda x: np.linalg.qr(x)[1], lambda x: np.linalg.solve(x, np.ones(2))]:
    try:
        print(f(a))
    except Exception as e:
        print(type(e).__name__, e)
