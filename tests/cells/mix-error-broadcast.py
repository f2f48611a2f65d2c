import numpy as np
a = np.ones(3)
b = np.ones(4)
try:
    a + b
except ValueError as e:
    print('ValueError:', e)
print((a[:, None] + b).shape)
a + b
