import numpy as np
import matplotlib.pyplot as plt
labels = ['add', 'mul', 'sum', 'sort', 'fft']
a = [1.2, 1.1, 2.5, 8.0, 4.2]
b = [0.3, 0.3, 0.4, 0.9, 0.5]
x = np.arange(len(labels))
w = 0.35
fig, ax = plt.subplots(figsize=(7, 4))
ax.bar(x - w / 2, a, w, label='CPU')
ax.bar(x + w / 2, b, w, label='GPU')
ax.set_xticks(x)
ax.set_xticklabels(labels)
ax.set_ylabel('ms')
ax.legend()
ax.grid(axis='y', alpha=0.3)
