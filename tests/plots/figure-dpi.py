import numpy as np
import matplotlib.pyplot as plt
fig = plt.figure(figsize=(4, 3), dpi=80)
ax = fig.add_subplot(1, 1, 1)
ax.plot(np.arange(5), [3, 1, 4, 1, 5], color='#8c564b', linestyle='-.', linewidth=2)
ax.set_facecolor('0.95')
