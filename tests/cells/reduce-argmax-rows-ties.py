# argmax / argmin along contiguous float rows: the first index of the
# extreme (ties, -0.0 == 0.0, the extreme in the vector tail or the scalar
# tail, NaN first), for row lengths around the vector step and block size.
import numpy as np
np.random.seed(7)
for dt in [np.float32, np.float64]:
    for n in [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 2000, 2047, 2048, 2049, 5003]:
        x = np.floor(np.random.rand(6, n) * 5).astype(dt)
        x[1] = 0.0
        x[1, n // 2] = -0.0
        x[2, -1] = 9
        x[3, n // 3] = -9
        x[4, (2 * n) // 3] = np.nan
        x[5, -1] = -9
        x[5, 0] = -9 if n > 1 else x[5, 0]
        print(dt.__name__, n, np.argmax(x, axis=1), np.argmin(x, axis=1), np.argmax(x[:, ::-1], axis=1), np.argmin(x[::2, 1:], axis=1) if n > 1 else None)
