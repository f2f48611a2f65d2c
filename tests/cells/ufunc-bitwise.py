import numpy as np
a = np.array([12, -3, 255, 0])
print(a & 10, a | 3, a ^ 7, ~a, np.invert(a))
u = np.array([12, 3, 255], dtype=np.uint8)
print(u & np.uint8(10), ~u, np.bitwise_not(u), np.bitwise_and(u, 6), np.bitwise_or(u, 1))
print(np.bitwise_xor(np.array([True, False]), True), np.invert(np.array([True, False])))
try:
    np.array([1.5]) & 1
except TypeError as e:
    print('TypeError:', e)
