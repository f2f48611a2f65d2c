import numpy as np
import matplotlib.pyplot as plt
x = np.arange(0, 20)
plt.semilogy(x, np.exp(x / 2), 'o-')
plt.xlabel('n')
