# numpy.linalg.norm's vector norms and fro/1/inf matrix norms, which the
# device composes where the data lies (ufuncs and reductions, as NumPy's
# _linalg.py): flattened with keepdims, axis, ord 0/1/3/inf/-inf, fro,
# float32, integers, complex.  tests/devsearch.test runs the device path
# on the host too.
import numpy as np
x = np.arange(12.0).reshape(3, 4) - 5
print(np.linalg.norm(x), np.linalg.norm(x, keepdims=True), np.linalg.norm(x, axis=0), np.linalg.norm(x, axis=1, keepdims=True))
print(np.linalg.norm(x, 1), np.linalg.norm(x, np.inf), np.linalg.norm(x, 'fro'), np.linalg.norm(x, ord=1, axis=0))
print(np.linalg.norm(x.astype(np.float32)), np.linalg.norm(x.astype(np.float32), axis=-1).dtype)
print(np.linalg.norm(np.arange(24).reshape(2, 3, 4)), np.linalg.norm(np.array([3+4j, 1j])), np.linalg.norm(np.arange(5), 3))
print(np.linalg.norm(np.arange(24.0).reshape(2, 3, 4), axis=(1, 2)), np.linalg.norm(np.arange(6.0), 0), np.linalg.norm(np.arange(6.0), -np.inf))
