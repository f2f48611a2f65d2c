import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a.sum(axis=1, keepdims=True).shape, a.max(axis=(0, 2), keepdims=True).shape, a.mean(keepdims=True).shape)
print(np.argmin(a, axis=2, keepdims=True).shape, a.std(axis=0, keepdims=True).shape, np.any(a, keepdims=True))
print(np.median(a, axis=1, keepdims=True).shape, np.count_nonzero(a, axis=0, keepdims=True).shape)
