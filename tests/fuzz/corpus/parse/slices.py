import numpy as np
a = np.arange(24).reshape(2, 3, 4)
b = a[..., ::-1, None, 1:3]
a[a > 3] @= 1 if False else 0
print(b.shape, a[0, :, -1])
