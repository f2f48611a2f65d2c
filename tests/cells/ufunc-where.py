import numpy as np
a = np.array([1.0, 2.0, 0.0, 4.0])
b = np.array([2.0, 0.0, 0.0, 8.0])
out = np.zeros(4)
r = np.divide(a, b, out=out, where=b != 0)
print(out, r is out)
out2 = np.full(4, -1.0)
np.add(a, 1, out=out2, where=[True, False, True, False])
print(out2)
x = np.arange(6).reshape(2, 3)
o = np.zeros((2, 3), dtype=np.int64)
np.multiply(x, 10, out=o, where=np.array([True, False, True]))
print(o)
o3 = np.ones(3)
np.sqrt(np.array([4.0, 9.0, 16.0]), out=o3, where=np.array([False, True, True]))
print(o3)
print(np.add(a, 1, where=True))
o4 = np.zeros(4, dtype=np.int64)
np.negative(np.array([1, 2, 3, 4]), o4, where=np.array([1, 0, 1, 0], dtype=bool))
print(o4)
try:
    np.add(a, 1, out=np.zeros(4), where=np.array([1, 0, 1, 0]))
except TypeError as e:
    print('TypeError:', e)
try:
    np.add(a, 1, out=np.zeros(4, dtype=np.int64), where=b > 0)
except TypeError as e:
    print('TypeError:', e)
