import numpy as np
a = np.array([[3, -1, 7, 7], [2, 9, -5, 9]])
print(a.argmax(), a.argmin(), a.argmax(axis=0), a.argmin(axis=1), np.argmax(a, axis=1))
f = np.array([1.0, np.nan, 3.0, np.nan])
print(f.argmax(), f.argmin(), np.argmax(np.array([1, 3, 3])), np.argmin(np.array([[5]])))
print(np.argmax(a, axis=1, keepdims=True), np.argmax(a.T, axis=0), repr(np.argmax(a)))
try:
    np.argmin(np.array([]))
except ValueError as e:
    print('ValueError:', e)
