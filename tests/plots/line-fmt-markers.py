import numpy as np
import matplotlib.pyplot as plt
x = np.arange(10)
plt.plot(x, x ** 2, 'o-')
plt.plot(x, 3 * x + 20, 'ks')
plt.plot(x, 90 - x ** 2, 'C2^--', markersize=8)
plt.grid(True)
