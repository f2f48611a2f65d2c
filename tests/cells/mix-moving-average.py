import numpy as np
x = np.arange(1, 11, dtype=np.float64)
w = 3
kernel = np.ones(w) / w
print(np.convolve(x, kernel, mode='valid'))
c = np.cumsum(x)
print(c)
print((c[w:] - c[:-w]) / w)
