# np.broadcast objects: shape/nd/ndim/size/numiter/index/reset, iteration as item tuples, NumPy's mismatch message
# cells: skip-gpu CuPy's broadcast has no iteration
import numpy as np
x = np.array([[1], [2], [3]])
y = np.array([4, 5, 6])
b = np.broadcast(x, y)
print(b.shape, b.nd, b.ndim, b.size, b.numiter, b.index, type(b))
out = np.empty(b.shape)
out.flat = [u + v for (u, v) in b]
print(repr(out))
b.reset()
print(next(b), b.index)
b.reset()
print(b.index, len(list(b)), b.index)
print(np.broadcast(3, [1, 2]).shape, list(np.broadcast(3, [1, 2])))
try:
    np.broadcast([1, 2], [1, 2, 3])
except ValueError as e:
    print('ValueError', e)
print(np.broadcast().shape, list(np.broadcast()))
print(np.broadcast(np.zeros((2, 1, 3)), np.ones(4)[:, None], 5.0).shape)
for args in [([1, 2], [[1], [2]], [1, 2, 3]), (np.zeros((2, 3)), np.zeros((4, 3)))]:
    try:
        np.broadcast(*args)
    except ValueError as e:
        print('ValueError', e)
