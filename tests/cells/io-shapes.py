import numpy as np
for a in [np.array(3.5), np.zeros(0), np.ones((2, 0, 3)), np.arange(24).reshape(2, 3, 4)]:
    np.save('s.npy', a)
    b = np.load('s.npy')
    print(repr(b), b.shape)
