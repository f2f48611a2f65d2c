# where= sums over reversed, strided, transposed and broadcast layouts
import numpy as np
rng = np.random.default_rng(9)
X = (rng.standard_normal((40, 300)) * 100).astype(np.float32)
F = X.T.copy().T
M = rng.random(X.shape) < 0.7
cases = [('rev', X[:, ::-1], M), ('revrow', X[::-1], M), ('F', F, M), ('F-Fmask', F, M.T.copy().T),
         ('T', X.T, M.T), ('Tc', X.T, np.ascontiguousarray(M.T)), ('step', X[:, ::3], M[:, ::3]),
         ('bcastrow', X, M[0]), ('bcastcol', X, M[:, :1])]
for name, x, m in cases:
    out = [np.sum(x, where=m), np.sum(x, axis=0, where=m)[:2], np.sum(x, axis=1, where=m)[:2], np.sum(x, axis=-1, where=m, dtype=np.float64)[:2]]
    print(name, ' '.join(repr(v) for v in out))
    print(name, repr(np.mean(x, where=m)), repr(np.var(x, axis=0, where=m)[:2]))
