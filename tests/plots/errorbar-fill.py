import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 4, 12)
y = np.exp(-x)
plt.errorbar(x, y, yerr=0.05 + 0.02 * x, fmt='o', capsize=3, label='data')
xs = np.linspace(0, 4, 100)
plt.fill_between(xs, np.exp(-xs) - 0.1, np.exp(-xs) + 0.1, alpha=0.3)
plt.plot(xs, np.exp(-xs), label='model')
plt.axhline(0, color='k', lw=0.8)
plt.legend(loc='upper right')
