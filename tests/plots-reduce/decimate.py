# Lines of millions of points are decimated to ~4 points a pixel column
# (first, min, max, last) before drawing; for device arrays the decimation
# runs on the device (plot/plot_reduce.c).  tests/plots-reduce.test draws
# this cell twice, on the host path and on the device path
# (LUMEN_DEVSEARCH=1 sends host arrays down it), and the PNGs must be the
# same bytes.  NaN runs, a NaN alone, float32, an unsorted x (not reduced),
# a sorted x and cp arrays.
import os
import numpy as np
import cupy as cp
import matplotlib.pyplot as plt
rng = np.random.default_rng(1)
y = np.cumsum(rng.standard_normal(3_000_000)).astype(np.float32)
y[12345] = np.nan
y[2_000_000:2_000_100] = np.nan
fig, axs = plt.subplots(2, 2, figsize=(8, 6))
axs[0, 0].plot(y, lw=0.5)
x = np.sort(rng.uniform(-5, 5, 2_500_000))
axs[0, 1].plot(x, np.sin(x * 40) + rng.standard_normal(x.size) * 0.1, 'r-')
yc = cp.asarray(np.repeat(np.arange(1100.0) % 7, 1000) * (1 + np.arange(1_100_000) / 1e6))
axs[1, 0].plot(yc)
axs[1, 0].plot(cp.linspace(0, 1.1e6, 1_100_000), -yc, 'g')
axs[1, 1].plot(np.arange(1_200_000) * 7919 % 5000, np.zeros(1_200_000) + 1, "k")
fig.savefig(os.environ["OUT_PNG"])
