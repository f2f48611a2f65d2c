# percentile/quantile and their nan forms under NumPy 2's 13 methods
import numpy as np
methods = ['inverted_cdf', 'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf',
           'hazen', 'weibull', 'linear', 'median_unbiased', 'normal_unbiased', 'lower', 'higher',
           'midpoint', 'nearest']
rng = np.random.default_rng(5)
a = rng.standard_normal(11)
b = rng.integers(0, 100, (3, 8))
f = rng.standard_normal(7).astype(np.float32)
qs = [0, 0.01, 0.1, 0.25, 0.3, 0.5, 0.7, 0.75, 0.9, 0.99, 1]
for m in methods:
    print(m, repr(np.quantile(a, qs, method=m)))
    print(repr(np.percentile(b, [0, 12.5, 50, 87.5, 100], axis=1, method=m)))
    print(repr(np.quantile(b, 0.4, axis=0, method=m)), repr(np.quantile(b, 0.5, method=m, keepdims=True)))
    print(repr(np.quantile(f, 0.3, method=m)), repr(np.quantile(f, [0.3, 0.65], method=m)))
    print(repr(np.quantile(np.arange(4), 0.5, method=m)), repr(np.quantile([1, 2], 1 / 3, method=m)))
    print(repr(np.nanquantile(np.array([np.nan, 1, 5, 2, np.nan, 9]), [0.2, 0.5], method=m)))
    print(repr(np.nanpercentile(np.array([[np.nan, 1, 5], [2, np.nan, 9]]), 40, axis=1, method=m)))
    print(repr(np.quantile(np.array([1.0, np.nan, 3.0]), 0.5, method=m)))
    for n in range(1, 6):
        print(n, np.quantile(np.arange(n) * 1.5, [0.0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0], method=m))
print(repr(np.quantile(np.arange(5), [0, 1])), repr(np.quantile(np.arange(5), 1)), repr(np.quantile(np.arange(5.), 1)))
def t(fn):
    try:
        print(repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
t(lambda: np.quantile(a, 0.5, method='foo'))
t(lambda: np.percentile(a, 50, method='Linear'))
t(lambda: np.quantile(a, 1.5, method='lower'))
