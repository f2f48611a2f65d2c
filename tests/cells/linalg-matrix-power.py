import numpy as np
a = np.array([[1, 1], [1, 0]])
for n in [0, 1, 2, 3, 5, 10]:
    print(n, np.linalg.matrix_power(a, n).tolist())
print(repr(np.linalg.matrix_power(np.array([[2.0, 0.0], [0.0, 0.5]]), -2)))
print(np.linalg.matrix_power(np.arange(8.0).reshape(2, 2, 2), 3))
try:
    np.linalg.matrix_power(np.ones((2, 3)), 2)
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
