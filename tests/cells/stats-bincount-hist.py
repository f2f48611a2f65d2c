import numpy as np
rolls = (np.arange(60) * 7) % 6 + 1
counts = np.bincount(rolls)
print(counts)
print(np.argmax(counts))
print(np.bincount(rolls, minlength=8)[6:])
vals, cnt = np.unique(rolls, return_counts=True)
print(vals, cnt)
print(np.array_equal(counts[1:], cnt))
