import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(3)
fig, ax = plt.subplots()
ax.hist(rng.standard_normal(1000), bins=25, histtype='stepfilled', alpha=0.5)
ax.hist(rng.standard_normal(1000) + 2, bins=25, histtype='stepfilled', alpha=0.5)
ax.set_title('stepfilled')
