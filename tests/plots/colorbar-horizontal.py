import numpy as np
import matplotlib.pyplot as plt
z = np.outer(np.sin(np.linspace(0, 3, 50)), np.cos(np.linspace(0, 3, 80)))
fig, ax = plt.subplots()
im = ax.imshow(z, cmap='RdBu', vmin=-1, vmax=1)
fig.colorbar(im, ax=ax, orientation='horizontal', label='value')
