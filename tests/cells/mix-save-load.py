import numpy as np
a = np.arange(6, dtype=np.float32).reshape(2, 3)
np.save('arr.npy', a)
b = np.load('arr.npy')
print(b, b.dtype, np.array_equal(a, b))
