# ravel/flatten order A and K (memory order, negative strides), np.clip with a_min > a_max
import numpy as np
x = np.array([[1, 2, 3], [4, 5, 6]])
print(np.ravel(x.T, order='A'), np.ravel(x, order='A'), x.T.ravel('K'), x.T.flatten('A'))
a = np.arange(12).reshape(2,3,2).swapaxes(1,2)
print(a.ravel(order='C'), a.ravel(order='K'), a[:, ::-1].ravel('K'), np.arange(5)[::-1].ravel('K'))
print(np.clip(np.arange(10), 8, 1), np.clip(np.arange(10.0), 8, 1), np.clip(np.arange(4), [3, 2, 1, 0], 1))
