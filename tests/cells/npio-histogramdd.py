# np.histogramdd: NumPy's source (edges, counts, density, weights, its errors); a shape
# given as a 1-d integer array (reshape, ravel_multi_index)
import numpy as np
rng = np.random.default_rng(1)
r = rng.normal(size=(100, 3))
H, edges = np.histogramdd(r, bins=(5, 8, 4))
print(H.shape, edges[0].size, edges[1].size, edges[2].size)
print(H.sum(), H[2, 3], edges[1])
H, e = np.histogramdd(r[:, :2], bins=[np.array([-3, -1, 0, 1, 3]), 3], range=[None, (-2, 2)], density=True)
print(H, e)
H, e = np.histogramdd([1, 2, 2, 3.5], bins=3, weights=[1, 2, 3, 4])
print(H, e)
H, e = np.histogramdd(np.array([[1, 1], [2, 2], [3, 3]]), bins=2)
print(H, e)
for bad in [dict(bins=(2, 3, 4)), dict(bins=0), dict(bins=1.5), dict(range=[(0, 1)]), dict(bins=[[1, 0], 2]), dict(range=[(2, 1), (0, 1)])]:
    try:
        np.histogramdd(r[:, :2], **bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(np.arange(6).reshape(np.array([2, 3])), np.ravel_multi_index((np.array([1, 0]), np.array([2, 1])), np.array([2, 3])))
