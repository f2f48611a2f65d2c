import numpy as np
import matplotlib.pyplot as plt
x = np.arange(10)
y = np.array([1, 3, 2, 5, 4, 6, 5, 7, 6, 8])
fig, ax = plt.subplots()
ax.step(x, y, label='pre')
ax.step(x, y + 3, where='post', label='post')
ax.step(x, y + 6, where='mid', label='mid')
ax.axhspan(4, 6, color='yellow', alpha=0.3)
ax.axvspan(2, 3, color='gray', alpha=0.2)
ax.hlines([2, 12], 0, 9, colors='k', linestyles='dashed')
ax.vlines([1, 8], 0, 14, colors='r')
ax.legend()
