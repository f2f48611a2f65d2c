import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.linalg.norm(a)))
print(repr(np.linalg.norm(np.arange(6, dtype=np.float32))))
print(np.linalg.norm(a, axis=1))
print(np.linalg.norm(a, axis=0))
print(np.linalg.norm(a, axis=1, keepdims=True))
print(repr(np.linalg.norm([3, 4])))
print(repr(np.linalg.norm([1 + 1j, 1 - 1j])))
