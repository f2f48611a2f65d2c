import numpy as np
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(5, 4))
t = np.linspace(0, 1, 30)
ax.plot(t, t ** 3, marker='o', color='purple', linewidth=1)
ax.set(xlabel='t', ylabel='t cubed', title='set()', xlim=(0, 1), ylim=(0, 1))
ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
