import numpy as np
prices = np.array([100.0, 102.0, 101.0, 105.0, 110.0, 108.0])
ret = prices[1:] / prices[:-1] - 1
print(np.round(ret, 5))
growth = np.cumprod(1 + ret)
print(np.round(growth, 5))
peak = prices.copy()
for k in range(1, len(peak)):
    peak[k] = max(peak[k - 1], peak[k])
dd = prices / peak - 1
print(np.round(dd, 4), f'{dd.min():.2%}')
