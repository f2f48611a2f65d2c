import numpy as np
x = np.linspace(-1, 1, 5)
print(np.where(x > 0, x, 0))
print(np.clip(x, -0.5, 0.5))
cond = [x < -0.5, x > 0.5]
print(np.select(cond, [-1, 1], default=0))
print(np.abs(x), np.sign(x))
