import numpy as np
np.save('h.npy', np.arange(5, dtype=np.float32))
print(np.load('h.npy'))
np.save('h2.npy', np.zeros((2, 3)))
print(repr(np.load('h2.npy')))
