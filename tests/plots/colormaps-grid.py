import numpy as np
import matplotlib.pyplot as plt
z = np.add.outer(np.linspace(0, 1, 30), np.sin(np.linspace(0, 6, 40)))
fig, axs = plt.subplots(2, 4, figsize=(10, 5))
for ax, name in zip(axs.flat, ['viridis', 'plasma', 'inferno', 'magma', 'gray', 'hot', 'coolwarm', 'RdBu']):
    ax.imshow(z, cmap=name, aspect='auto')
    ax.set_title(name)
