import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 1, 10)
l1, = plt.plot(x, x, label='one')
l2, = plt.plot(x, x ** 2)
l3 = plt.plot(x, x ** 3, label='three')
plt.legend([l2, l3], ['square', 'cube'])
