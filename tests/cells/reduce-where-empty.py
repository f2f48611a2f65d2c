# where= with all-False slices: nan and NumPy's RuntimeWarnings (stderr)
import numpy as np
a = np.arange(6.).reshape(2, 3)
m = [[True, False, True], [False, False, False]]
print(np.mean(a, axis=1, where=m))
print(np.mean(a, where=False))
print(np.var(a, axis=1, where=m), np.std(a, axis=1, where=m, ddof=1))
print(np.nanmean(np.array([np.nan, 1, 2]), where=[True, False, False]))
print(np.nanvar(np.array([[np.nan, np.nan, 1.]]), where=[True, True, False], axis=1))
print(np.nanmax(np.array([np.nan, np.nan, 1]), where=[True, True, False], initial=-5))
print(np.sum(a, axis=1, where=m), np.prod(a, axis=1, where=m), np.all(a, axis=1, where=m), np.any(a, axis=1, where=m))
