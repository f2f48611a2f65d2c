# broadcast_shapes, copyto (casting, where), diagflat, asfortranarray, asarray_chkfinite, vecdot (np/linalg, axis), linalg.cross/tensorinv/tensorsolve
import numpy as np
print(np.broadcast_shapes((1, 2), (3, 1), (3, 2)), np.broadcast_shapes((6, 7), (5, 6, 1), (7,), (5, 1, 7)), np.broadcast_shapes(), np.broadcast_shapes(3, (2, 1)))
try:
    np.broadcast_shapes((2,), (3,))
except ValueError as e:
    print(e)
try:
    np.broadcast_shapes((1, 2), (4, 3), (2,))
except ValueError as e:
    print(e)
A = np.array([4, 5, 6])
np.copyto(A, [1, 2, 3])
print(A)
B = np.array([[1, 2, 3], [4, 5, 6]])
np.copyto(B, [[4, 5, 6], [7, 8, 9]], where=[[True, False, True], [False, True, False]])
print(B)
try:
    np.copyto(A, np.array([1.5, 2, 3]))
except TypeError as e:
    print(e)
np.copyto(A, np.array([1.5, 2, 3]), casting='unsafe')
print(A, np.diagflat([[1, 2], [3, 4]]), np.diagflat([1, 2], 1))
f = np.asfortranarray(np.ones((2, 3)))
print(f.flags.f_contiguous, np.asfortranarray(5).shape, np.asfortranarray([[1, 2]], dtype=float).strides)
print(np.asarray_chkfinite([1, 2], dtype=float))
try:
    np.asarray_chkfinite([1, 2, np.inf])
except ValueError as e:
    print(e)
v = np.array([[0., 5., 0.], [0., 0., 10.], [0., 6., 8.]])
print(np.vecdot(v, np.array([0., 0.6, 0.8])), np.linalg.vecdot(np.array([1j, 2]), np.array([1j, 3])), np.vecdot(np.arange(6).reshape(2, 3), np.ones((2, 3), int), axis=1))
try:
    np.vecdot(np.ones((2, 3)), np.ones(3), axis=1)
except ValueError as e:
    print(type(e).__name__, e)
print(np.linalg.cross(np.array([1, 2, 3]), np.array([4, 5, 6])))
try:
    np.linalg.cross(np.array([1, 2]), np.array([4, 5]))
except ValueError as e:
    print(e)
a = np.eye(4 * 6).reshape((4, 6, 8, 3))
ainv = np.linalg.tensorinv(a, ind=2)
print(ainv.shape, np.allclose(np.tensordot(ainv, np.ones((4, 6)), 2), np.linalg.tensorsolve(a, np.ones((4, 6)))))
t = np.eye(2 * 3 * 4).reshape((2 * 3, 4, 2, 3, 4))
print(np.linalg.tensorsolve(t, np.arange(24.0).reshape(6, 4)).shape)
