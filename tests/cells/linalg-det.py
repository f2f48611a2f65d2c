import numpy as np
print(repr(np.linalg.det(np.array([[1, 2], [3, 4]]))))
print(repr(np.linalg.det(np.eye(3) * 2)))
print(repr(np.linalg.det(np.array([[1, 2], [3, 4]], dtype=np.float32))))
print(np.round(np.linalg.det(np.arange(18.0).reshape(2, 3, 3) ** 2), 6))
print(repr(np.linalg.det(np.array([[1 + 1j, 2], [3, 4j]]))))
print(repr(np.linalg.det(np.zeros((2, 2)))))
