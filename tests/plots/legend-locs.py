import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 50)
fig, axs = plt.subplots(1, 3, figsize=(12, 4))
for ax, loc in zip(axs, ['lower right', 'center left', 'best']):
    ax.plot(x, x, label='up')
    ax.plot(x, 1 - x, label='down')
    ax.legend(loc=loc, title=loc)
