import numpy as np
bins = [0.0, 1.0, 2.5, 4.0, 10.0]
print(np.digitize([0.2, 6.4, 3.0, 1.6], bins), np.digitize([0.2, 6.4, 3.0, 1.6, 4.0], bins, right=True))
print(np.digitize([1, 5], [10, 4, 0]), np.digitize([1, 4, 5], [10, 4, 0], right=True), repr(np.digitize(3, [1, 2, 5])))
print(np.digitize([[1, 7], [3, 3]], [1, 2, 5]), np.digitize([1, 2], []), np.digitize([1, 2], [3, 3, 3]))
print(np.digitize([np.nan, 1], [0, 2]), np.digitize(np.array([0.5, 1.5], np.float32), np.array([1, 2])))
print(np.array_equiv([1, 2], [1, 2]), np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv([1, 2], [1, 3]))
print(np.array_equiv([1, 2], [1, 2, 3]), np.array_equiv(1, [1, 1]), np.array_equiv([np.nan], [np.nan]))
for f in (lambda: np.digitize([1j], [1]), lambda: np.digitize([1], [1, 3, 2])):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
