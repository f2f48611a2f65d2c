import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 10, 100)
plt.plot(x, np.sin(x), label='sin')
plt.plot(x, np.cos(x), 'r--', label='cos')
plt.plot(x, 0.5 * np.sin(2 * x), 'g:', lw=2, label='half')
plt.xlabel('time (s)')
plt.ylabel('amplitude')
plt.title('Waves')
plt.legend()
