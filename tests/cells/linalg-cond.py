import numpy as np
a = np.array([[1.0, 0, -1], [0, 1, 0], [1, 0, 1]])
for p in [None, 2, -2, 'fro', 'nuc', np.inf, -np.inf, 1, -1]:
    print(p, repr(np.linalg.cond(a, p)))
h = np.array([[1.0 / (i + j + 1) for j in range(4)] for i in range(4)])
# the Hilbert matrix's condition numbers keep ~12 digits whatever BLAS kernels the CPU runs
for p in [None, -2, 'fro', np.inf, 1]:
    print(p, repr(float('%.10g' % np.linalg.cond(h, p))))
st = np.array([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [2.0, 4.0]]])
cs = np.linalg.cond(st)   # the singular third matrix: rounding noise of ~1e16
print(cs[:2], cs[2] > 1e15, np.linalg.cond(st, 1), np.linalg.cond(st, 'fro'))
r = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]])
print(repr(float('%.13g' % np.linalg.cond(r))), repr(float('%.13g' % np.linalg.cond(r.T, -2))))
c = np.array([[1 + 1j, 2], [0, 3 - 1j]])
print(repr(float('%.13g' % np.linalg.cond(c))), repr(np.linalg.cond(c, 1)), repr(np.linalg.cond(c, 'fro')))
print(repr(float('%.13g' % np.linalg.cond([[1, 2], [3, 4]]))), repr(np.linalg.cond(np.eye(3, dtype=int), np.inf)))
print(repr(np.linalg.cond(np.array([[1.0, 1.0], [1.0, 1.0]]), 1)))
print(repr(np.linalg.cond(np.array([[np.nan, 1.0], [1.0, 1.0]]), 1)))
for f in [lambda: np.linalg.cond(np.zeros((0, 0))), lambda: np.linalg.cond(r, 1),
          lambda: np.linalg.cond(np.ones(3)), lambda: np.linalg.cond(a, 3)]:
    try:
        print(f())
    except (ValueError, np.linalg.LinAlgError) as e:
        print(type(e).__name__, e)
np.linalg.cond(np.ones(3), 'fro')
