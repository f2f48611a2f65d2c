import numpy as np
# long contiguous rows take the vector max/min: a NaN anywhere wins, the
# tail past the last full vector counts
for dt in (np.float32, np.float64):
    x = np.arange(1000, dtype=dt) * np.array(-1.5, dtype=dt) + 7
    print(x.max(), x.min(), x[3:].max(), x[:999].min(), x[1:998].max())
    for k in (0, 5, 500, 997, 999):
        y = x.copy()
        y[k] = np.nan
        print(k, y.max(), y.min(), np.nanmax(y), np.nanmin(y))
    z = np.full(67, -np.inf, dtype=dt)
    z[66] = 3
    print(z.max(), z.min(), np.zeros((4, 300), dtype=dt).max(axis=1))
# zeros and zeros_like from calloc'd memory, large and small
print(np.zeros(10**6).sum(), np.zeros(10**6).max(), np.zeros_like(np.ones((700, 700))).max())
print(np.zeros(3, dtype=np.complex64), np.empty((2, 2), dtype=np.uint8).shape, np.zeros((2, 3), order='F').flags.f_contiguous)
print(np.zeros_like(np.ones((3, 2), order='F')).flags.f_contiguous, np.empty_like(np.ones(5)).dtype)
