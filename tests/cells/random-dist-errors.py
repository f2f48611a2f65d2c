import numpy as np
g = np.random.default_rng(0)
cases = [
    lambda: np.random.exponential(-1.0),
    lambda: np.random.exponential(-0.0),
    lambda: np.random.exponential([1.0, -2.0]),
    lambda: g.exponential(-1.0),
    lambda: np.random.poisson(-1.0),
    lambda: np.random.poisson(np.nan),
    lambda: np.random.poisson(1e30),
    lambda: np.random.poisson([1.0, -1.0]),
    lambda: np.random.poisson([1.0, np.nan]),
    lambda: g.poisson(-2.0),
    lambda: g.poisson([3.0, 1e19]),
    lambda: np.random.binomial(-1, 0.5),
    lambda: np.random.binomial(10, 1.5),
    lambda: np.random.binomial(10, np.nan),
    lambda: np.random.binomial(-1, 2.0),
    lambda: np.random.binomial([10, -1], 0.5),
    lambda: np.random.binomial(10, [0.5, -0.1]),
    lambda: g.binomial(-3, 0.5),
    lambda: g.binomial(3, -0.5),
    lambda: np.random.geometric(0.0),
    lambda: np.random.geometric(1.5),
    lambda: np.random.geometric([0.5, np.nan]),
    lambda: g.geometric(-1.0),
    lambda: np.random.gamma(-1.0),
    lambda: np.random.gamma(1.0, -1.0),
    lambda: np.random.gamma(-1.0, -1.0),
    lambda: np.random.standard_gamma([1.0, -1.0]),
    lambda: g.standard_gamma(-0.5),
    lambda: g.standard_exponential(3, method='fast'),
    lambda: np.random.exponential(1.0, size=-1),
    lambda: np.random.binomial(np.nan, 0.5),
    lambda: g.binomial([np.nan], 0.5),
    lambda: np.random.binomial(1e30, 0.5),
]
for i, f in enumerate(cases):
    try:
        r = f()
        print(i, 'no error', r)
    except (ValueError, OverflowError) as e:
        print(i, type(e).__name__, e)
np.random.seed(3)
print(np.random.poisson(-0.0), np.random.exponential(np.nan), g.poisson(-0.0))
np.random.binomial(5, 1.01)
