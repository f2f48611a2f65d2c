import numpy as np
a = np.linspace(0, 1, 7)
print(a)
np.set_printoptions(precision=3)
print(a)
np.set_printoptions(precision=8)
print(np.arange(2000))
