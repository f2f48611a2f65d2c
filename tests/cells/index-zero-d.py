import numpy as np
z = np.array(5.5)
print(z[()])
print(repr(z[...]))
print(z[None])
print(z[None, None].shape)
print(z[...].ndim)
try:
    z[0]
except IndexError as e:
    print('IndexError:', e)
