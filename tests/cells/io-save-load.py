import numpy as np
a = np.arange(12.0).reshape(3, 4)
np.save('a.npy', a)
b = np.load('a.npy')
print(b)
print(b.dtype, b.shape, np.array_equal(a, b))
np.save('noext', np.arange(3))
print(np.load('noext.npy'))
