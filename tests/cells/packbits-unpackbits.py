# np.packbits / np.unpackbits: axis (None flattens), count (positive pads, negative drops), bitorder, NumPy's errors
import numpy as np
a = np.array([[[1, 0, 1], [0, 1, 0]], [[1, 1, 0], [0, 0, 1]]])
b = np.packbits(a, axis=-1)
print(repr(b))
a = np.array([[2], [7], [23]], dtype=np.uint8)
b = np.unpackbits(a, axis=1)
print(repr(b), repr(np.unpackbits(a, axis=1, count=-3)))
p = np.packbits(b, axis=0)
print(repr(p), repr(np.unpackbits(p, axis=0)))
print(np.array_equal(b, np.unpackbits(p, axis=0, count=b.shape[0])))
print(repr(np.unpackbits(np.array([3], dtype=np.uint8), count=-3)), repr(np.unpackbits(np.array([3], dtype=np.uint8), count=10)))
print(repr(np.packbits(np.array([[1, 0, 1], [0, 1, 1]]), axis=1)), repr(np.packbits(np.array([2, 0, -1]))))
print(repr(np.packbits([True, False, True], bitorder='little')), repr(np.unpackbits(np.array([6], dtype=np.uint8), bitorder='little')))
print(repr(np.packbits(np.ones((2, 9), dtype=bool))), repr(np.unpackbits(np.array([[1, 2], [3, 4]], dtype=np.uint8))))
print(repr(np.unpackbits(np.array([255], dtype=np.uint8), count=-8)), repr(np.packbits(np.zeros((0,), dtype=int))))
for bad in [lambda: np.unpackbits(np.array([1, 2])), lambda: np.packbits(np.array([1.5])), lambda: np.packbits([1], bitorder='mid')]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    np.unpackbits(np.array([255], dtype=np.uint8), count=-20)
except ValueError as e:
    print('ValueError', e)
