import numpy as np
print(np.left_shift(1, np.arange(5)), np.right_shift(256, np.arange(3)))
print(np.array([1], np.int8) << np.int8(7), np.array([-128], np.int8) >> np.int8(3))
print(np.array([1, -1]) << 64, np.array([1, -1]) >> 64, np.array([5]) >> 1)
u = np.array([255], dtype=np.uint8)
print(u << np.uint8(1), u >> np.uint8(9), u << np.uint8(8))
