import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(4)
y = np.cumsum(rng.standard_normal(200000))
plt.plot(y, lw=0.5)
