import numpy as np
import matplotlib.pyplot as plt
y, x = np.mgrid[-3:3:1500j, -3:3:1500j]
z = np.sin(x ** 2 + y ** 2) * np.exp(-0.1 * (x ** 2 + y ** 2))
plt.imshow(z, cmap='inferno', extent=(-3, 3, -3, 3))
plt.colorbar()
