import numpy as np
c = np.array([1 + 2j, 3 - 1j, -2j, 4.5], dtype=np.complex64)
print(c[::2], c[[3, 0]], c[c.real > 0])
c[1] = 7
print(c)
h = np.arange(6, dtype=np.float16).reshape(2, 3)
print(h[:, ::-1], h[h > 2], h[1, [0, 2]])
h[0] = 0.5
print(h)
