# int() and round() of uint64 values past 2**63: a Python int, from a NumPy
# scalar, a 0-d array and a reduction's result
import numpy as np
big = 2**63 + 7
print(int(np.uint64(big)), int(np.array(big, dtype=np.uint64)))
print(round(np.uint64(2**64 - 1)), int(np.uint64(2**64 - 1)) + 1)
u = np.array([2**62, 2**62, 2**62 + 3], dtype=np.uint64)
print(int(u.sum()), type(int(u.sum())).__name__, int(u.sum()) % 1000)
print(int(np.array(5, dtype=np.uint64)), int(np.array(-5, dtype=np.int64)), int(np.array(True)))
for bad in (np.array([1, 2], dtype=np.uint64), np.array([big], dtype=np.uint64)):
    try:
        int(bad)
    except TypeError as e:
        print("TypeError", e)
