import numpy as np
a = np.arange(5)
try:
    a[10]
except IndexError as e:
    print('IndexError:', e)
print(a[-1])
a[7]
