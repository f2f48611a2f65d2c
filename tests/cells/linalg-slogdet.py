import numpy as np
sign, logdet = np.linalg.slogdet(np.array([[1.0, 2.0], [3.0, 4.0]]))
print(repr(sign), repr(logdet))
sign, logdet = np.linalg.slogdet(np.eye(3) * 10)
print(repr(sign), np.round(logdet, 10))
sign, logdet = np.linalg.slogdet(np.zeros((2, 2)))
print(repr(sign), repr(logdet))
s, l = np.linalg.slogdet(np.array([[[2.0, 0.0], [0.0, 3.0]], [[0.0, 1.0], [1.0, 0.0]]]))
print(s, np.round(l, 10))
