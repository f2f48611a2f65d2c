import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(2)
x, y = rng.random(200), rng.random(200)
plt.scatter(x, y, c=x + y, s=50 * y + 5, cmap='plasma', alpha=0.8)
plt.colorbar()
