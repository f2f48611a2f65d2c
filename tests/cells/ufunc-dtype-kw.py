import numpy as np
print(np.add(np.arange(3), 1, dtype=np.float32), np.multiply(np.arange(3, dtype=np.int8), 100, dtype=np.int16))
print(np.sqrt(np.arange(4), dtype=np.float32), np.add(1, 2, dtype=np.float64))
print(np.true_divide(np.arange(4), 2, dtype=np.float32).dtype, np.divide(7, 2))
