import numpy as np
import matplotlib.pyplot as plt
t = np.arange(0.0, 5.0, 0.02)
plt.figure(figsize=(6, 5))
plt.subplot(211)
plt.plot(t, np.exp(-t) * np.cos(2 * np.pi * t), 'b')
plt.subplot(212)
plt.plot(t, np.cos(2 * np.pi * t), 'r--')
plt.suptitle('two panels')
