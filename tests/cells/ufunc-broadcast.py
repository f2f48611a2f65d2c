import numpy as np
a = np.arange(6).reshape(2, 3)
print(a + np.array([10, 20, 30]))
print(a + np.array([[100], [200]]))
print(np.arange(3)[:, np.newaxis] * np.arange(4))
print(np.ones((2, 1, 3)) + np.arange(4).reshape(4, 1))
print((np.ones((5, 1, 4)) * np.ones((3, 1))).shape, (np.zeros((0, 3)) + np.ones(3)).shape)
print(np.add(np.arange(2), [[1], [2], [3]]))
