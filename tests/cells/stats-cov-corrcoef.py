import numpy as np
x = np.array([[0, 2], [1, 1], [2, 0]]).T
print(np.cov(x))
a = [-2.1, -1, 4.3]
b = [3, 1.1, 0.12]
X = np.stack((a, b), axis=0)
print(np.cov(X))
print(np.cov(a, b))
print(np.cov(a))
print(np.cov(a, bias=True))
print(np.cov(X, ddof=0))
print(np.cov(X.T, rowvar=False))
print(np.corrcoef(X))
print(np.corrcoef(a, b))
print(np.corrcoef([1, 2, 3, 4], [2, 4, 6, 9]))
