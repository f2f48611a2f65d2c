import numpy as np
print(bool(np.array([1])), bool(np.array(0)), bool(np.array([0.0])), len(np.zeros((3, 2))))
for x in (np.array([1, 2]), np.array([])):
    try:
        bool(x)
    except ValueError as e:
        print('ValueError:', e)
try:
    len(np.array(5))
except TypeError as e:
    print('TypeError:', e)
for row in np.arange(6).reshape(3, 2):
    print(row, end=' ')
print()
print(list(np.arange(3)), [repr(v) for v in np.arange(2, dtype=np.float32)], sum(np.arange(4)))
print(int(np.array(7)), float(np.array(2.5)), complex(np.array(1 + 1j)), int(np.float64(3.9)), float(np.int8(4)))
try:
    int(np.array([1, 2]))
except TypeError as e:
    print('TypeError:', e)
try:
    iter(np.array(5))
except TypeError as e:
    print('TypeError:', e)
