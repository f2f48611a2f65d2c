import numpy as np
x = np.array([[1.0, 2.0, 4.0, 7.0], [2.0, 1.0, 0.5, 0.0], [0.0, 1.0, 0.0, 1.0]])
print(np.cov(x))
print(np.corrcoef(x))
print(np.cov(x, rowvar=False).shape)
print(np.cov(x[0], x[1], ddof=0))
print(np.diag(np.cov(x)) if hasattr(np, 'diag') else '')
