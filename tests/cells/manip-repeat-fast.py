# np.repeat on host arrays: scalar and per-item counts, each axis, views,
# item sizes 1-16, empty and 0-d inputs, errors.
import numpy as np
x = np.arange(7, dtype=np.float32)
print(np.repeat(x, 3), np.repeat(x, [0, 1, 2, 0, 3, 1, 2]), np.repeat(x, 0))
a = np.arange(24).reshape(2, 3, 4)
for ax in (None, 0, 1, 2, -1):
    print(np.repeat(a, 2, axis=ax).shape, np.repeat(a, 2, axis=ax).ravel()[:20])
print(np.repeat(a.T, 2, axis=1)[1])
print(np.repeat(a, [1, 0, 3], axis=1))
print(np.repeat(np.array([True, False]), 3), np.repeat(np.arange(4, dtype=np.int16), 2), np.repeat(np.arange(3, dtype=np.complex128), 2))
print(np.repeat(np.int8(5), 4), np.repeat(np.zeros((0, 3)), 2, axis=0).shape, np.repeat(np.zeros((2, 0)), 2).shape)
print(a.repeat(2)[:10], np.repeat(np.arange(5.)[::-2], 2))
try:
    np.repeat(x, -1)
except ValueError as e:
    print("ValueError", e)
try:
    np.repeat(x, [1, 2])
except ValueError as e:
    print("ValueError", e)
