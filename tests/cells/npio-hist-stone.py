# np.histogram(bins='stone'): NumPy's _hist_bin_stone (leave-one-out
# cross-validation over 1..max(100, sqrt(n)) bins)
import warnings
import numpy as np

rng = np.random.default_rng(5)
for x in [rng.normal(size=300), np.array([1.0]), np.arange(10.), rng.random(2000), np.array([2, 2, 2])]:
    h, e = np.histogram(x, bins='stone')
    print(len(h), h[:5], e[:3])
h, e = np.histogram(rng.normal(size=500), bins='stone', range=(-1, 1))
print(len(h), h[:5], e[:3])
print(np.histogram_bin_edges(np.arange(10.), bins='stone'))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    h, e = np.histogram(rng.integers(0, 20, 1000), bins='stone')
    print(len(h), [str(m.message) for m in w], [m.category.__name__ for m in w])
try:
    np.histogram(np.arange(5.), bins='stone', weights=np.ones(5))
except TypeError as e:
    print('TypeError', e)
