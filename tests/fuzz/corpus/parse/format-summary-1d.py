import numpy as np
a = np.arange(1001)
print(a)
print(repr(a))
print(repr(np.arange(2000) * 0.5))
print(repr(np.arange(1000)[:12]))
b = np.arange(1000)
print(repr(b)[-40:])
