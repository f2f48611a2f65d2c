# np.array(ndmax=) (NumPy 2.4) on numeric nestings; an array keeps its dimensions
import numpy as np
print(np.array([[1, 2], [3, 4]], ndmax=2))
print(np.array([[1, 2], [3, 4]], ndmax=3).shape)
for nm in [1, 0, -1, 65, 64, 2.0]:
    try:
        print(nm, repr(np.array([[1, 2], [3, 4]], ndmax=nm)))
    except (ValueError, TypeError) as e:
        print(nm, type(e).__name__, e)
print(repr(np.array(5, ndmax=0)))
print(repr(np.array(np.ones((2, 2)), ndmax=1)))
try:
    np.asarray([1], ndmax=1)
except TypeError as e:
    print('TypeError', e)
