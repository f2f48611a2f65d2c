import numpy as np
a = np.array([[1.5, 2.25], [3.0, 4.125]])
print(a)
print(repr(a))
print(str(a.astype(int)))
print(f'{a.mean():.3f}', a.dtype, a.shape)
print(np.array([1e-10, 1.0, 1e10]))
