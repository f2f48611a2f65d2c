# a.base: None for an owner, the first array of the chain for a view (atleast_2d/3d, reshape, T)
# cells: skip-gpu np.matrix is host only; CuPy's base differs for its views
import numpy as np
x = np.arange(12.0)
y = x[2:]
print(x.base is None, y.base is x, y[1:].base is x, x.reshape(3, 4).base is x)
z = x.reshape(4, 3)
print(np.atleast_3d(z).base is z.base, np.atleast_2d(x).base is x, z.T.base is x)
print(x.copy().base, (x + 1).base)
def f():
    return np.arange(4)[1:]
v = f()
print(repr(v.base), v.base is v.base)
m = np.asmatrix(np.eye(2))
print(m.A.base is m.base, np.asarray(m).base is m.base)
