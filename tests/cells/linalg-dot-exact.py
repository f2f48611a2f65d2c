import numpy as np
rng = np.random.default_rng(5)
x = rng.standard_normal(100001)
y = rng.standard_normal(100001)
print(repr(np.dot(x, y)), repr(x @ y), repr(x.dot(y)))
print(repr(np.dot(x[::-3], y[::3])))
f = x.astype(np.float32)
print(repr(np.dot(f, f)), repr(f @ f))
m = rng.standard_normal((300, 100001))
print(repr((m @ x)[:3]), repr((x[:300] @ m)[:3]))
c = x + 1j * y
print(repr(np.dot(c, c)), repr(np.vdot(c, c)))
