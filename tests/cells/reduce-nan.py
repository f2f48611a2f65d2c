import numpy as np
f = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, -2.0]])
print(np.nansum(f), np.nansum(f, axis=0), np.nansum(f, axis=1))
print(np.nanmean(f), np.nanmean(f, axis=1), np.nanmax(f), np.nanmin(f, axis=1), np.nanmax(f, axis=0))
print(np.nansum(np.arange(4)), np.nanmax(np.arange(4)), np.nanmean(np.array([1, 2])))
g = np.array([1, np.nan, 2], dtype=np.float32)
print(repr(np.nansum(g)), repr(np.nanmean(g)), repr(np.nanmax(g)))
