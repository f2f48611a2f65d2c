import numpy as np
a = np.array([[3, -1, 7], [2, 9, -5]])
print(a.max(), a.min(), a.max(axis=0), a.min(axis=1), np.amax(a, axis=1), np.amin(a))
f = np.array([1.0, np.nan, 3.0])
print(f.max(), f.min(), np.max(np.array([-np.inf, -1.0])), np.min(np.array([np.inf])))
print(np.max(np.array([True, False])), np.min(np.array([1 + 1j, 1 - 1j])), np.max(np.arange(5, dtype=np.uint8)))
print(a.max(axis=1, keepdims=True), a.max(initial=100), np.max(np.zeros((0,)), initial=-1))
print(np.maximum.__name__ if hasattr(np.maximum, '__name__') else 'maximum')
