import numpy as np
a = np.array([[3, 9, 2], [8, 1, 7], [4, 6, 5]])
i = a.argmax()
print(i, divmod(int(i), a.shape[1]))
print(a.argmax(axis=0), a.argmax(axis=1))
r, c = np.argwhere(a == a.min())[0]
print(r, c)
