import numpy as np
a = np.arange(24).reshape(4, 6)[::2, 1::2]
print(a)
print(a.ravel())
print(a.reshape(3, 2))
print(np.concatenate([a, a.T.T]))
print(np.roll(a, 1, axis=1))
print(np.tile(a, (1, 2)))
print(np.repeat(a, 2, axis=0))
print(np.pad(a, 1, mode='edge'))
print(np.flip(a).ravel())
