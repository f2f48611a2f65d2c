import numpy as np
ages = np.array([34, 21, 45, 29, 21])
heights = np.array([170.5, 182.0, 165.2, 177.7, 160.1])
order = np.argsort(ages, kind='stable')
print(order, ages[order], heights[order])
print(np.sort(heights)[::-1])
print(np.searchsorted(np.sort(ages), 30))
