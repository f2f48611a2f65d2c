# np.trim_zeros: 1-d (a list stays a list), n-d bounding box, one axis, trim='f'/'b'
import numpy as np
a = np.array((0, 0, 0, 1, 2, 3, 0, 2, 1, 0))
print(np.trim_zeros(a), np.trim_zeros(a, trim='b'), np.trim_zeros(a, 'F'), np.trim_zeros([0, 1, 2, 0]))
b = np.array([[0, 0, 2, 3, 0, 0], [0, 1, 0, 3, 0, 0], [0, 0, 0, 0, 0, 0]])
print(np.trim_zeros(b), np.trim_zeros(b, axis=-1), np.trim_zeros(b, 'f', axis=0), np.trim_zeros(np.zeros(4)), np.trim_zeros(np.zeros((2, 3))).shape)
try:
    np.trim_zeros(a, 'x')
except ValueError as e:
    print(e)
