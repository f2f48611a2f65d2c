import numpy as np
a = np.arange(20.0).reshape(4, 5)
np.save('t.npy', a.T)
b = np.load('t.npy')
print(b)
print(np.array_equal(b, a.T))
np.save('s.npy', a[::2, 1::2])
print(np.load('s.npy'))
