# np.histogram / histogram_bin_edges with a str bins: NumPy's estimators auto fd doane rice scott sqrt sturges
# (widths composed from np calls on the data, range truncation, integer data, errors)
import numpy as np
arr = np.array([0, 0, 0, 1, 2, 3, 3, 4, 5])
for est in ['auto', 'fd', 'doane', 'rice', 'scott', 'sqrt', 'sturges']:
    print(est, repr(np.histogram_bin_edges(arr, bins=est)))
print(repr(np.histogram_bin_edges(arr, bins='auto', range=(0, 1))))
print(repr(np.histogram_bin_edges(arr, bins=2)))
rng = np.random.RandomState(10)
x = np.hstack((rng.normal(size=1000), rng.normal(loc=5, scale=2, size=1000)))
for est in ['auto', 'fd', 'doane', 'rice', 'scott', 'sqrt', 'sturges']:
    h, e = np.histogram(x, bins=est)
    print(est, len(e), repr(h[:5]), repr(e[:3]))
print(repr(np.histogram(x.astype(np.float32), bins='auto')[1][:4]))
print(repr(np.histogram(np.arange(100), bins='fd')[1][:4]))
print(repr(np.histogram([5, 5, 5], bins='auto')), repr(np.histogram([], bins='auto')))
print(repr(np.histogram(np.array([1, 2]), bins='doane')))
print(repr(np.histogram(np.arange(10.), bins='sqrt', range=(2, 5))))
for bad in ['nope', 'auto']:
    try:
        np.histogram(arr, bins=bad, weights=np.ones(9) if bad == 'auto' else None)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
