import numpy as np
a = np.arange(6).reshape(2, 3)
# append: axis=None flattens both; with an axis the shapes must agree
print(np.append([1, 2], [3, 4]), np.append(a, 1.5), np.append(3, 4), np.append(a, [[7], [8]], axis=-1))
print(np.append(a, [[7, 8, 9]], axis=0))
print(np.append(np.zeros(0), [1, 2]), np.append([], []))
# delete: ints, negative ints, slices (any step), index lists, bool masks, axes
x = np.arange(8) * 10
print(np.delete(x, 2), np.delete(x, -1), np.delete(x, [0, 2, 2, -1]), np.delete(x, np.array([5])))
print(np.delete(x, slice(1, 4)), np.delete(x, slice(None, None, 2)), np.delete(x, slice(6, 1, -2)))
print(np.delete(x, slice(5, 2)), np.delete(x, []), np.delete(x, x > 35))
print(np.delete(a, 1, axis=1), np.delete(a, [0], axis=0), np.delete(a, 1), np.delete(a, -1, 0))
print(np.delete(a, slice(0, 2), axis=1), np.delete(a, [True, False, True], axis=1), repr(np.delete(3, 0)))
print(np.delete(np.arange(24).reshape(2, 3, 4), [1, 3], axis=-1))
# insert: one position (scalar or one-item list), several, slices, broadcasting of values
y = np.arange(5)
print(np.insert(y, 1, 99), np.insert(y, [1, 3], [99, 98]), np.insert(y, [1], [99, 98]), np.insert(y, 1, [99, 98]))
print(np.insert(y, slice(0, 4, 2), 7), np.insert(y, 5, 7), np.insert(y, -1, 7), np.insert(y, [5, 0, 5, -1], [1, 2, 3, 4]))
print(np.insert(y, [1, 2], 7.9), np.insert(np.arange(3.0), 1, 2.5), np.insert(y, [], 7))
print(np.insert(a, 1, 5, axis=1))
print(np.insert(a, 1, [5, 6], axis=1))
print(np.insert(a, [1], [[5], [6]], axis=1))
print(np.insert(a, 1, [1, 2, 3], axis=0))
print(np.insert(a, 2, 9.7), np.insert(a, np.array([True, False, True]), 0, axis=1))
print(np.insert(a, 1, [[1, 2], [3, 4]], axis=1))
print(np.insert(3, 0, 1), np.insert(np.arange(4).reshape(2, 2), [0, 2], [[7], [8]], axis=0))
