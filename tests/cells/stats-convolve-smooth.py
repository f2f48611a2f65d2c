import numpy as np
x = np.array([0., 1, 0, 3, 2, 5, 4, 6, 8, 7])
k = np.ones(3) / 3
print(np.convolve(x, k, mode='valid'))
print(np.convolve(x, k, mode='same'))
print(np.correlate(x, np.array([1.0, -1.0]), mode='valid'))
print(np.convolve(np.array([1, 2, 3], dtype=np.int32), np.array([1, 1], dtype=np.int32)).dtype)
print(np.convolve(np.array([1, 2], dtype=np.float32), [0.5]).dtype)
