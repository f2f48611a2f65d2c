# x[idx] with a 1-d x and an int64 index array (the host gather fast path):
# every element size, strided and reversed sources, negative and wrapped
# indices, 2-d and empty index arrays, NaN values, out-of-range errors
import numpy as np
idx = np.array([0, 3, -1, 2, -7, 5, 5, 0], dtype=np.int64)
for dt in (np.bool_, np.int8, np.uint16, np.int32, np.float16, np.float32, np.float64, np.complex64, np.complex128):
    x = (np.arange(10) * 3 % 7).astype(dt)
    print(dt.__name__, x[idx], x[idx].dtype)
x = np.arange(20, dtype=np.float64) * 1.5
x[4] = np.nan
print(x[::2][np.array([0, 2, -1, 9])], x[::-1][np.array([0, 1, 15, -20])], x[3:17:3][np.array([4, -5])])
print(x[np.array([[1, 2, 3], [-1, -2, 4]])], x[np.array([[1, 2, 3], [-1, -2, 4]])].shape)
print(x[np.zeros(0, dtype=np.int64)], x[np.zeros((2, 0), dtype=np.int64)].shape)
big = np.arange(100000, dtype=np.float32)
r = np.array([99999, -100000, 0, 51234, -1], dtype=np.int64)
print(big[r], big[np.arange(0, 100000, 7)].sum(dtype=np.float64))
y = x[idx]
y[0] = -5
print(x[0], y[0])
for bad in ([0, 20], [-21], [5, 100, -100], [2**40]):
    try:
        x[np.array(bad, dtype=np.int64)]
    except IndexError as e:
        print('IndexError:', e)
try:
    np.zeros(0)[np.array([0])]
except IndexError as e:
    print('IndexError:', e)
print(np.arange(5)[np.array([4, 0], dtype=np.int32)], np.arange(5)[np.array([True, False, True, False, True])])
