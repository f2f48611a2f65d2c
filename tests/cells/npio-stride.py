# numpy.lib.stride_tricks: as_strided and sliding_window_view (views, their errors)
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view
x = np.arange(12)
print(as_strided(x, shape=(3, 4), strides=(32, 8)))
print(as_strided(x, shape=(5, 3), strides=(16, 8)))
print(as_strided(x[::2], shape=(3,)))
try:
    as_strided(x[::2], shape=(2, 2))
except ValueError as e:
    print("ValueError", e)
y = as_strided(x, shape=(2, 2), strides=(0, 8), writeable=False)
print(y, y.flags.writeable)
print(np.shares_memory(x, as_strided(x, (3,), (8,))))
print(sliding_window_view(np.arange(6), 3))
v = sliding_window_view(np.arange(12).reshape(3, 4), (2, 2))
print(v.shape, v[1, 2])
print(sliding_window_view(np.arange(12).reshape(3, 4), 3, axis=1)[2])
print(sliding_window_view(np.arange(12).reshape(3, 4), (2, 2), axis=(0, 0)).shape)
print(np.lib.stride_tricks.sliding_window_view(np.arange(5), 2).sum(axis=-1))
for f in [lambda: sliding_window_view(np.arange(3), 4), lambda: sliding_window_view(np.arange(3), -1),
          lambda: sliding_window_view(np.ones((2, 2)), 2), lambda: sliding_window_view(np.ones(3), (1, 1), axis=0),
          lambda: as_strided(x, shape=(3,), strides=(8, 8))]:
    try:
        f()
    except ValueError as e:
        print('ValueError', e)
try:
    sliding_window_view(np.arange(3), 2)[0] = 5
except ValueError as e:
    print('ValueError', e)
# NumPy reads past the buffer here (undefined); Lumen refuses the view:
# either way no crash, and a view made has the asked shape
for shape, strides in [((10 ** 6,), (8,)), ((2,), (-8,)), ((3, 3), (2 ** 62, 8))]:
    try:
        v = as_strided(x, shape=shape, strides=strides)
    except ValueError:
        v = None
    print(v is None or v.shape == shape)
