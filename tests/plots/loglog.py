import numpy as np
import matplotlib.pyplot as plt
x = np.logspace(0, 4, 50)
plt.loglog(x, x ** 2, label='x^2')
plt.loglog(x, x ** 1.5, label='x^1.5')
plt.legend()
plt.grid(True)
