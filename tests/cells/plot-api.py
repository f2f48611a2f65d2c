import numpy as np
import matplotlib.pyplot as plt
import matplotlib as mpl
from matplotlib import colors
n, bins, patches = plt.hist([1, 2, 2, 3, 3, 3, 4], bins=3)
print(n, bins)
n, bins, _ = plt.hist(np.arange(10.0), bins=[0, 2, 5, 10], density=True)
print(n, bins)
fig, ax = plt.subplots(figsize=(4, 3))
print(fig)
print(ax)
ax.plot([0, 1, 2], [1, 3, 2])
print(ax.get_xlim(), ax.get_ylim())
print(ax.set_xlim(-1, 5))
print(ax.get_xlim())
ax.set_yscale('log')
print(plt.xlim())
print(colors.to_rgba('C1'), colors.to_rgb('tab:green'), colors.to_hex('red'))
print(colors.to_rgba((0.1, 0.2, 0.3)))
print(mpl.rcParams['figure.figsize'], mpl.rcParams['lines.linewidth'])
fig, axs = plt.subplots(2, 3)
print(axs.shape, len(fig.axes))
for row in axs:
    for a in row:
        a.plot([1, 2])
print(len(list(axs.flat)))
ax1, ax2 = plt.subplots(1, 2)[1]
print(ax1, ax2)
try:
    plt.plot([1, 2], 'q')
except ValueError as e:
    print('ValueError', e)
try:
    plt.plot([1, 2], foo=3)
except AttributeError as e:
    print('AttributeError', e)
plt.close('all')
print(plt.gcf())
import numpy as np
import matplotlib.pyplot as plt
n, bins, p = plt.hist([[1, 2, 2, 3], [3, 3, 4]], bins=3)
print(n, bins, len(p))
n, bins, p = plt.hist(np.array([[1, 5], [2, 6], [2, 7]]), bins=2)
print(n, bins)
