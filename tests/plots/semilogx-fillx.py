import numpy as np
import matplotlib.pyplot as plt
f = np.logspace(1, 5, 100)
plt.semilogx(f, 20 * np.log10(1 / np.sqrt(1 + (f / 1e3) ** 2)))
plt.axvline(1e3, color='r', ls=':')
plt.xlabel('frequency (Hz)')
plt.ylabel('gain (dB)')
plt.grid(True, which='both')
