import numpy as np
import matplotlib.pyplot as plt
sizes = np.array([1e3, 1e4, 1e5, 1e6, 1e7, 1e8])
t_np = sizes * 2e-9 + 1e-6
t_cp = sizes * 5e-11 + 2e-5
plt.figure(figsize=(8, 5))
plt.plot(sizes, t_np * 1e3, 'o-', label='NumPy')
plt.plot(sizes, t_cp * 1e3, 's-', label='CuPy')
plt.xscale('log')
plt.yscale('log')
plt.xlabel('array size')
plt.ylabel('time (ms)')
plt.title('elementwise add')
plt.legend()
plt.grid(True, alpha=0.3)
plt.tight_layout()
plt.show()
