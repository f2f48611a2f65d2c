import numpy as np
A = np.array([[2.0, 1.0], [1.0, 2.0]])
w, v = np.linalg.eigh(A)
print(w)
print(np.round(np.abs(v), 6))
print(np.allclose(A @ v, v * w))
