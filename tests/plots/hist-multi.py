import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(7)
a = rng.normal(0, 1, 500)
b = rng.normal(1.5, 0.7, 300)
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
ax1.hist([a, b], bins=15, label=['a', 'b'])
ax1.legend()
ax2.hist(np.stack([a[:300], b], axis=1), bins=12, histtype='step', color=['k', 'r'])
