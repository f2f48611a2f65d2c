import numpy as np
a = np.array([[4, 9, 2, 10], [6, 9, 7, 12]])
print(np.ptp(a), np.ptp(a, axis=0), np.ptp(a, axis=1), np.ptp(np.array([1.5, np.nan])))
print(np.ptp(np.array([-128, 127], dtype=np.int8)), np.ptp(a, axis=1, keepdims=True))
