import numpy as np
import matplotlib.pyplot as plt
y, x = np.mgrid[-2:2:100j, -2:2:100j]
z = np.exp(-(x ** 2 + y ** 2)) * np.cos(3 * x)
plt.imshow(z, cmap='viridis')
plt.colorbar()
plt.title('imshow')
