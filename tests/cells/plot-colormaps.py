import numpy as np
import matplotlib.pyplot as plt
import matplotlib as mpl
from matplotlib import cm
c = plt.get_cmap('viridis')
print(c.name, c.N)
print(c(0.5))
print(c(np.array([0, 0.5, 1.0])))
print(c(3))
print(cm.viridis.name, plt.cm.plasma(0.2))
print(mpl.colormaps['magma'](0.25), c.reversed().name, cm.hot_r(0.0))
colors = plt.cm.coolwarm(np.linspace(0, 1, 3))
print(colors.shape)
for i, col in enumerate(colors):
    plt.plot([0, 1], [i, i + 1], color=col)
plt.imshow(np.eye(3), cmap=cm.gray)
print(plt.gca().get_xlim())
print(plt.gca().get_ylim())
