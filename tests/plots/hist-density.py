import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(1)
d = rng.normal(5, 2, 2000)
plt.hist(d, bins=30, density=True, alpha=0.7, label='data')
plt.hist(d * 0.5 + 3, bins=30, density=True, histtype='step', label='scaled')
plt.legend()
