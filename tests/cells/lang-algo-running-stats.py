import numpy as np
data = [2.5, 3.1, 4.7, 1.2, 5.5, 3.3]
n = 0
mean = 0.0
m2 = 0.0
for x in data:
    n += 1
    d = x - mean
    mean += d / n
    m2 += d * (x - mean)
print(f'n={n} mean={mean:.6f} var={m2 / (n - 1):.6f}')
print(min(data), max(data), sorted(data)[len(data) // 2])
