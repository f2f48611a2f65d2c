import numpy as np
import matplotlib.pyplot as plt
t = np.arange(0.0, 5.0, 0.01)
fig, ax = plt.subplots()
ax.plot(t, np.cos(2 * np.pi * t), lw=2)
ax.annotate('local max', xy=(2, 1), xytext=(3, 1.5), arrowprops=dict(facecolor='black', shrink=0.05))
ax.annotate('min', xy=(0.5, -1), xytext=(1.0, -1.6), arrowprops=dict(arrowstyle='->'))
ax.set_ylim(-2, 2)
