import numpy as np
import matplotlib.pyplot as plt
plt.rcParams['font.size'] = 14
plt.rcParams['lines.linewidth'] = 3
x = np.linspace(0, 1, 20)
plt.plot(x, x ** 0.5, label='sqrt')
plt.margins(0.1)
plt.title('font.size 14')
plt.xlabel('x')
plt.legend()
