import numpy as np
a = np.arange(24).reshape(2, 3, 4)
for p in np.split(a, 2, axis=2):
    print(p.shape)
for p in np.array_split(a, 2, axis=1):
    print(p)
print(len(np.array_split(np.arange(3), 5)))
