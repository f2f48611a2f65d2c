import numpy as np
a = np.arange(1, 13).reshape(3, 4)
print(a.prod(), a.prod(axis=0), a.prod(axis=1), np.prod(a, keepdims=True))
print(np.prod(np.arange(1, 30)), np.prod(np.array([0.5, 4.0, np.inf])), np.prod([]), np.prod(np.zeros((2, 0)), axis=1))
print(np.prod(np.array([1 + 1j, 2])), np.prod(np.array([200, 2], np.uint8)))
