import numpy as np
o = np.zeros(4)
r = np.add(np.arange(4), 10, out=o)
print(o, r is o)
o32 = np.zeros(3, dtype=np.float32)
np.multiply([1.5, 2.5, 3.5], 2, out=o32)
print(o32)
oi = np.zeros(3, dtype=np.int64)
np.subtract(np.arange(3), 1, out=oi)
print(oi)
try:
    np.add(np.arange(3), 0.5, out=np.zeros(3, dtype=np.int64))
except TypeError as e:
    print('TypeError:', e)
np.sin(np.zeros(2), out=o[:2])
print(o)
np.negative(np.arange(3), oi)
print(oi)
