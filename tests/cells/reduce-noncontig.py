import numpy as np
a = np.arange(30, dtype=np.float64).reshape(5, 6) / 7
print(a.T.sum(axis=0), a[:, ::2].sum(axis=1), a[::-1].max(axis=0), a[::2, 1::2].mean())
print(a.T.argmax(axis=1), a[:, ::-1].argmin(axis=1), a[1:4, 2:].std(axis=0))
b = np.arange(20).reshape(4, 5)[:, 1:4]
print(b.sum(), b.prod(axis=0), b.cumsum(axis=1), b.T.cumsum())
