import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = np
import matplotlib.pyplot as plt
x = cp.linspace(0, 1, 100)
plt.plot(x, x ** 2)
plt.plot(cp.asnumpy(x) if cp is not np else x, np.sqrt(np.linspace(0, 1, 100)))
