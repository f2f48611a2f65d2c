# var/std/nanvar/nanstd mean= (NumPy 2): the given mean is used as it is
import numpy as np
a = np.arange(12.).reshape(3, 4) ** 1.5
mu = np.mean(a, axis=1, keepdims=True)
print(np.var(a, axis=1, mean=mu), np.std(a, axis=1, mean=mu, ddof=1))
print(np.var(a, axis=1, mean=mu + 1), a.var(axis=0, mean=a.mean(axis=0, keepdims=True)))
print(repr(np.var(a, mean=np.mean(a, keepdims=True))), repr(np.std(a, mean=5.0)))
f = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan]])
fm = np.nanmean(f, axis=1, keepdims=True)
print(np.nanvar(f, axis=1, mean=fm), np.nanstd(f, axis=1, mean=fm, ddof=1), np.nanvar(f, axis=1, mean=fm * 0))
i = np.arange(10)
print(repr(np.var(i, mean=4.5)), repr(np.nanvar(i, mean=np.float64(4.5))), repr(np.std(i, mean=np.mean(i, keepdims=True), ddof=1)))
