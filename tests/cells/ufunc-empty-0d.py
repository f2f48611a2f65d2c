import numpy as np
e = np.zeros((0, 3))
print(e + 1, (e * np.ones(3)).shape, np.sin(e).shape, np.add(e, e).dtype)
s = np.array(2.5)
print(s + 1, repr(s + 1), repr(s * np.arange(2)), np.sqrt(s), repr(np.sqrt(s)))
print(repr(np.add(1, 2)), repr(np.add(1.0, 2)), repr(np.multiply(True, True)), repr(np.sin(0)))
print(np.array([]) + np.array([]), np.arange(0) * 2)
