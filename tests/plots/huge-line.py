import numpy as np
import matplotlib.pyplot as plt
# 3e6 points: reduced to min/max per column before drawing
t = np.linspace(0, 20, 3_000_000)
y = np.sin(t) + 0.3 * np.sin(37 * t) * np.cos(3.1 * t)
fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 4))
a1.plot(t, y)
a1.plot(t, 0.5 * y + 1, 'r')
a2.plot(np.cumsum(np.random.default_rng(5).standard_normal(2_000_000)))
