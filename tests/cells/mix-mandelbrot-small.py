import numpy as np
xs = np.linspace(-2.0, 0.5, 12)
ys = np.linspace(-1.0, 1.0, 7)
c = xs[None, :] + 1j * ys[:, None]
z = np.zeros_like(c)
count = np.zeros(c.shape, dtype=int)
for i in range(20):
    z = z * z + c
    inside = np.abs(z) <= 2
    count += inside
    z[~inside] = 2
for row in count:
    print(''.join(['#' if v == 20 else '.' for v in row]))
