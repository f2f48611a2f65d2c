# np.r_ and np.c_: slices (arange, linspace for a complex step), scalars, arrays, the 'axis,ndmin,trans1d' directive
import numpy as np
print(np.r_[np.array([1, 2, 3]), 0, 0, np.array([4, 5, 6])], np.r_[-1:1:6j, [0] * 3, 5, 6])
a = np.array([[0, 1, 2], [3, 4, 5]])
print(np.r_['-1', a, a], np.r_['0,2', [1, 2, 3], [4, 5, 6]], np.r_['0,2,0', [1, 2, 3], [4, 5, 6]], np.r_['1,2,0', [1, 2, 3], [4, 5, 6]])
print(np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])], np.c_[np.array([[1, 2, 3]]), 0, 0, np.array([[4, 5, 6]])])
print(np.r_[1:5, 7, 2.5], np.r_[3], np.r_[0:10:3], np.c_[1:4, 4:7], np.r_[np.int8(3), np.array([1], np.int8)])
try:
    np.r_[1, 'x']
except ValueError as e:
    print(e)
