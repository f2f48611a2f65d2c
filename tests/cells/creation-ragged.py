import numpy as np
for obj in ([[1, 2], [3]], [1, [2, 3]], [[1, 2], [3, [4, 5]]], [[[1, 2], [3, 4]], [[5, 6], [7]]]):
    try:
        np.array(obj)
    except ValueError as e:
        print('ValueError:', e)
try:
    np.array([300], dtype=np.int8)
except OverflowError as e:
    print('OverflowError:', e)
try:
    np.array([-1], dtype=np.uint16)
except OverflowError as e:
    print('OverflowError:', e)
print(np.array([1.5, 300.7]).astype(np.int8), np.array([-1.0]).astype(np.uint8))
