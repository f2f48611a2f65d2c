# permutation, shuffle and choice checked by their properties (the draws of
# cp differ from NumPy's: lib's devices draw permutations as argsorts of
# uniform keys, choice with p by the cdf and searchsorted, without
# replacement by the smallest keys): every value once, shapes, dtypes, the
# share of p, NumPy's errors.  tests/devsearch.test runs the device
# compositions on the host too.
import numpy as np
np.random.seed(11)
p = np.random.permutation(10)
print(np.sort(p), p.dtype, p.shape)
x = np.arange(12.0).reshape(6, 2)
q = np.random.permutation(x)
print(np.sort(q[:, 0]), bool((q[:, 1] - q[:, 0] == 1).all()))
y = np.arange(20)
np.random.shuffle(y)
print(np.sort(y), y.shape)
c = np.random.choice(5, 1000)
print(c.shape, c.dtype, int(c.min()), int(c.max()), np.bincount(c).min() > 150)
c = np.random.choice(50, 20, replace=False)
print(np.unique(c).size, int(c.max()) < 50)
pr = np.array([0.1, 0.0, 0.6, 0.3])
c = np.random.choice(4, 10000, p=pr)
print(np.bincount(c, minlength=4)[1], abs(np.bincount(c, minlength=4)[2] / 10000 - 0.6) < 0.03)
c = np.random.choice(4, 3, replace=False, p=pr)
print(np.sort(c), c.shape)
c = np.random.choice(np.array([2.5, 3.5, 4.5]), (2, 3))
print(c.shape, bool(np.isin(c, [2.5, 3.5, 4.5]).all()))
try:
    np.random.choice(4, 4, replace=False, p=pr)
except ValueError as e:
    print("ValueError", e)
try:
    np.random.choice(3, 5, replace=False)
except ValueError as e:
    print("ValueError", e)
try:
    np.random.choice(3, 2, p=[0.5, 0.6, 0.1])
except ValueError as e:
    print("ValueError", e)
g = np.random.default_rng(3)
print(np.sort(g.permutation(6)), g.choice(10, 4, replace=False).shape)
