import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a.sum(), a.sum(axis=0), a.sum(axis=1), a.sum(axis=2), sep='\n')
print(a.sum(axis=(0, 2)), a.sum(axis=(-1, -2)), np.sum(a, axis=-1).shape)
print(a.sum(axis=1, keepdims=True), a.sum(keepdims=True).shape, np.sum(a, axis=(0, 1, 2)))
for bad in (3, -4, (0, 0)):
    try:
        a.sum(axis=bad)
    except Exception as e:
        print(type(e).__name__, e)
