import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(1000, 1001, 50)
plt.plot(x, 1e6 + x ** 2)
