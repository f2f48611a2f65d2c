import numpy as np
a = np.array([1.0, np.nan, 3.0, np.nan, 5.0])
print(np.isnan(a), np.isnan(a).sum())
print(np.nanmean(a), np.nansum(a), np.nanmax(a))
b = a.copy()
b[np.isnan(b)] = 0
print(b, a.mean())
