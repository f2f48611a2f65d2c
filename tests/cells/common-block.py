import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.block([[1, 2], [3, 4]]), np.block([a, a]), repr(np.block(1)), np.block([1, 2.5]))
print(np.block([[a], [a]]))
print(np.block([[np.eye(2), np.zeros((2, 1))], [np.ones((1, 2)), np.array([[5.]])]]))
print(np.block([[[1, 2]], [[3, 4]]]).shape, np.block([[[a]]]).shape, np.block([a, np.array([[7], [8]])]))
print(np.block([np.zeros((2, 2, 2)), np.ones((2, 2, 1))]).shape, np.block([[np.int8(3)], [np.float32(2)]]).dtype)
