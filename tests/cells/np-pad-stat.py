# np.pad's statistic modes: maximum minimum mean median, stat_length per axis and side, integer rounding
import numpy as np
a = [1, 2, 3, 4, 5]
print(np.pad(a, (2, 3), 'maximum'), np.pad(a, (2,), 'mean'), np.pad([[1, 2], [3, 4]], ((3, 2), (2, 3)), 'minimum'))
print(np.pad(a, 2, 'median', stat_length=2), np.pad(np.array([1., 2, 4]), 2, 'mean', stat_length=(1, 2)), np.pad(a, (2, 3), 'median'))
print(np.pad(np.arange(12.0).reshape(3, 4), 1, 'mean'), np.pad(np.arange(6).reshape(2, 3), ((1, 0), (0, 2)), 'maximum', stat_length=((1, 1), (2, 2))))
try:
    np.pad(a, 2, 'maximum', stat_length=0)
except ValueError as e:
    print(e)
