import numpy as np
A = np.array([[4.0, 7.0], [2.0, 6.0]])
Ainv = np.linalg.inv(A)
print(Ainv)
print(np.round(A @ Ainv, 12))
print(np.linalg.det(A))
b = np.array([1.0, 2.0])
print(np.linalg.solve(A, b))
