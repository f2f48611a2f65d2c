# searchsorted narrows each search by the last answer as NumPy does
# (keys rising: not below it; otherwise at most one past it): the answers
# must not depend on the key order
import numpy as np
np.random.seed(8)
a = np.sort(np.round(np.random.rand(500) * 50))
keys = np.concatenate([np.sort(np.random.rand(40) * 55 - 2), np.random.rand(40) * 55 - 2,
                       np.sort(np.random.rand(40) * 55)[::-1], [3.0, 3.0, 3.0, 2.0, 2.0, 60.0, -1.0, np.nan, 5.0]])
for side in ["left", "right"]:
    print(side, np.searchsorted(a, keys, side=side).tolist())
    print(np.searchsorted(a, np.round(keys), side=side).tolist())
an = np.concatenate([a, [np.nan, np.nan]])
print(np.searchsorted(an, [np.nan, 49.0, np.nan, 50.0, 0.0], side="right").tolist(), np.searchsorted(an, np.nan))
i = np.sort(np.random.randint(0, 30, 200))
print(np.searchsorted(i, np.arange(-2, 33)).tolist(), np.searchsorted(i, np.arange(32, -3, -1), side="right").tolist())
b = np.round(np.random.rand(100) * 20)
print(np.searchsorted(b, [2.0, 5.0, 5.0, 1.0, 19.0, 7.5], sorter=np.argsort(b, kind="stable")).tolist())
