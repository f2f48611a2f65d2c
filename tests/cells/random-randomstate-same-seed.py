import numpy as np
# Only what CuPy's RandomState shares with NumPy's: one seed gives one
# stream, and objects are independent of each other and of the global
# state.  It prints no drawn values, so the GPU corpus runs it too (the
# module is reached as `rnd`: cellrun skips cells naming np.random. there).
rnd = np.random
a = rnd.RandomState(5)
b = rnd.RandomState(5)
c = rnd.RandomState(6)
x = a.rand(1000)
rnd.seed(1)
rnd.rand(10)
c.randn(7)
y = b.rand(1000)
print(bool((x == y).all()), x.shape, x.dtype)
print(bool((a.randn(5) == b.randn(5)).all()))
rnd.randn(3)
print(bool((a.normal(2, 3, (3, 2)) == b.normal(2, 3, (3, 2))).all()))
print(bool((a.uniform(-1, 1, 9) == b.uniform(-1, 1, 9)).all()))
print(bool((a.rand(4) == c.rand(4)).all()))
a.seed(5)
b.rand(3)
b.seed(5)
print(bool((a.random_sample(6) == b.random_sample(6)).all()))
print(bool((a.randn(3) == b.randn(3)).all()))
p = a.randint(0, 100, 8)
q = b.randint(0, 100, 8)
print(bool((p == q).all()), p.dtype)
