import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
print(np.median(a), np.median(a, axis=0), np.median(a, axis=1), np.median([1, 2, 3, 4]))
print(np.percentile(a, 50), np.percentile(a, [25, 75]), np.percentile(a, 10, axis=0))
print(np.quantile(np.arange(10), 0.33), np.quantile(a, [0.0, 1.0], axis=1))
f = np.arange(5, dtype=np.float32)
print(repr(np.percentile(f, 50)), repr(np.median(f)), np.percentile(f, [10, 90]))
print(np.median(np.array([1.0, np.nan, 3.0])), np.median(a, axis=1, keepdims=True))
for q in (101, -1):
    try:
        np.percentile(a, q)
    except ValueError as e:
        print('ValueError:', e)
