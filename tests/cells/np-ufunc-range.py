# ufuncs take range objects as array-likes
import numpy as np
print(np.add(range(3), 1), np.asarray(range(3)), np.sin(range(2)), np.float_power(range(6), 3), np.maximum(range(4), range(3, -1, -1)), np.array(range(2, 8, 2)))
