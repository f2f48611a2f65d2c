# numpy.linalg's array-API functions: vector_norm, matrix_norm, diagonal, trace, outer, svdvals, multi_dot
import numpy as np
from numpy import linalg as LA
a = np.arange(9) - 4
b = a.reshape((3, 3))
print(LA.vector_norm(b), LA.vector_norm(b, ord=np.inf), LA.vector_norm(b, ord=1), LA.vector_norm(a, ord=-np.inf))
print(LA.vector_norm(b, axis=0), LA.vector_norm(b, axis=1, keepdims=True), LA.vector_norm(b, axis=(0, 1), keepdims=True))
c = np.arange(24.0).reshape(2, 3, 4)
print(LA.vector_norm(c, axis=(0, 2)), LA.vector_norm(c, ord=3))
print(LA.matrix_norm(b), LA.matrix_norm(b, ord='nuc'), LA.matrix_norm(b, ord=np.inf), LA.matrix_norm(b, ord=-1))
print(LA.matrix_norm(c, keepdims=True))
print(LA.diagonal(c), LA.diagonal(b, offset=1), LA.diagonal(b, offset=-1))
print(LA.trace(c), LA.trace(b, offset=1), LA.trace(b, dtype=float))
print(LA.outer(np.array([1, 2]), np.array([3, 4, 5])))
try:
    LA.outer(b, a)
except ValueError as e:
    print('ValueError', e)
print(np.round(LA.svdvals(np.array([[1.0, 2], [3, 4], [5, 6]])), 10))
print(LA.multi_dot([np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 2))]))
print(LA.matrix_transpose(np.arange(6).reshape(2, 3)))
try:
    LA.multi_dot([np.ones(3)])
except ValueError as e:
    print('ValueError', e)
