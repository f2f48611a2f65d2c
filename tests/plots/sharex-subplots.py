import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 10, 300)
fig, axs = plt.subplots(3, 1, sharex=True)
for i, ax in enumerate(axs):
    ax.plot(x, np.sin(x * (i + 1)))
    ax.set_ylabel('f%d' % i)
axs[-1].set_xlabel('x')
