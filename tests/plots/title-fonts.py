import numpy as np
import matplotlib.pyplot as plt
fig, axs = plt.subplots(1, 2, figsize=(9, 4))
x = np.linspace(0, 3, 40)
axs[0].plot(x, np.exp(-x))
axs[0].set_title('decay', fontsize=16, fontweight='bold')
axs[0].set_xlabel('t (s)', fontsize=12)
axs[1].plot(x, x ** 2, 'g')
axs[1].set_ylabel('x squared', fontsize='large')
axs[1].text(0.5, 6, 'bold note', fontweight='bold', fontsize=12)
fig.suptitle('Fonts', fontsize=18)
plt.tight_layout()
