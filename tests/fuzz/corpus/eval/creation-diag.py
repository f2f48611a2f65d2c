import numpy as np
print(np.diag([1, 2, 3]), np.diag([1, 2], k=1), np.diag([1, 2], k=-1))
m = np.arange(12).reshape(3, 4)
print(np.diag(m), np.diag(m, 1), np.diag(m, -1), np.diag(m, 5), np.diag(np.array([[7]])))
print(np.diag(np.array([1.5, 2.5])).dtype)
try:
    np.diag(np.zeros((2, 2, 2)))
except ValueError as e:
    print('ValueError:', e)
