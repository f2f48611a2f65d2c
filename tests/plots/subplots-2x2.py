import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(0)
fig, axs = plt.subplots(2, 2, figsize=(8, 6))
x = np.linspace(0, 1, 50)
axs[0, 0].plot(x, x ** 2)
axs[0, 0].set_title('square')
axs[0, 1].scatter(rng.random(40), rng.random(40))
axs[0, 1].set_title('scatter')
axs[1, 0].hist(rng.normal(size=500), bins=20)
axs[1, 0].set_title('hist')
axs[1, 1].bar(['a', 'b', 'c'], [3, 5, 2])
axs[1, 1].set_title('bar')
fig.tight_layout()
