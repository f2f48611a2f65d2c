import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(-3, 3, 200)
plt.plot(x, np.tanh(x))
plt.axvline(0, color='gray', linestyle='--')
plt.text(0.5, -0.5, 'tanh(x)', fontsize=14)
plt.xlim(-3, 3)
plt.ylim(-1.2, 1.2)
