import numpy as np
xp = [1, 2, 3]
fp = [3, 2, 0]
print(np.interp(2.5, xp, fp))
print(np.interp([0, 1, 1.5, 2.72, 3.14], xp, fp))
print(np.interp(3.14, xp, fp, right=-99.0))
print(np.interp([-1, 5], xp, fp, left=10, right=20))
x = np.arange(0, 10, 0.5)
print(np.interp(x, [0, 4, 8], [0, 1, 0]))
print(np.interp(np.array([[0.5, 1.5], [2.5, np.nan]]), xp, fp))
print(np.interp(2, [1, 2, 2, 3], [0, 1, 5, 6]))
