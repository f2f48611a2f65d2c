import numpy as np
import matplotlib.pyplot as plt
x = np.arange(8)
for i, m in enumerate(['o', 's', '^', 'v', 'D', 'x', '+', '*']):
    plt.scatter(x, x * 0 + i, marker=m, s=60, label=m)
plt.ylim(-1, 9)
