import numpy as np
a = np.arange(4)
for v in (1.5, np.float64(2.0), 1j):
    try:
        a += v
    except TypeError as e:
        print('TypeError:', e)
u = np.arange(3, dtype=np.uint8)
try:
    u += np.int8(-1)
except TypeError as e:
    print('TypeError:', e)
u += 1
print(u)
i = np.arange(3, dtype=np.int8)
i += 100
i += 100
print(i)
