import numpy as np
import matplotlib.pyplot as plt
a = np.arange(64).reshape(8, 8)
fig, ax = plt.subplots()
ax.imshow(a, cmap='gray', origin='lower', extent=(0, 4, 0, 2), interpolation='nearest')
