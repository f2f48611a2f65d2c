# tril/triu/diag indices, fill_diagonal, diagonal views, np.resize, putmask, place
import numpy as np
print(np.tril_indices(3))
print(np.triu_indices(4, 1))
print(np.tril_indices(3, -1, 5))
print(np.triu_indices(3, k=0, m=2))
a = np.arange(12).reshape(3, 4)
print(np.tril_indices_from(a), np.triu_indices_from(a, k=2))
a[np.triu_indices_from(a, 1)] = -1
print(a)
print(np.diag_indices(3), np.diag_indices(2, 3))
d = np.zeros((3, 3, 3), int)
d[np.diag_indices_from(d)] = 7
print(d.sum(), d[1, 1, 1], d[0, 1, 1])
for bad in (np.zeros(3), np.zeros((2, 3))):
    try:
        np.diag_indices_from(bad)
    except ValueError as e:
        print('ValueError', e)
try:
    np.tril_indices_from(np.zeros(3))
except ValueError as e:
    print('ValueError', e)
f = np.zeros((5, 3), int)
np.fill_diagonal(f, 4)
print(f)
g = np.zeros((7, 3), int)
np.fill_diagonal(g, [1, 2], wrap=True)
print(g)
h = np.zeros((3, 3, 3))
np.fill_diagonal(h, 2.5)
print(h[1], h.sum())
w = np.zeros((2, 5))
np.fill_diagonal(w, [9, 8, 7])
print(w)
x = np.arange(24).reshape(2, 3, 4)
print(x.diagonal(), np.diagonal(x, 1, 1, 2), x.diagonal(-1, 0, 2))
v = np.diagonal(np.arange(9).reshape(3, 3))
print(v, v.flags.writeable)
try:
    v[0] = 1
except ValueError as e:
    print('ValueError', e)
print(np.diagonal(np.ones((2, 2)), 5), np.diagonal(np.eye(3), -2))
print(np.resize(np.array([[0, 1], [2, 3]]), (2, 3)))
print(np.resize([1, 2, 3], (2, 4)), np.resize(np.arange(4.0), 0), np.resize([], 3))
m = np.arange(6).reshape(2, 3)
np.putmask(m, m > 2, m ** 2)
print(m)
p = np.arange(5)
np.putmask(p, p > 1, [-33, -44])
print(p)
q = np.arange(6).reshape(2, 3)
np.place(q, q > 2, [44, 55])
print(q)
print(np.ndim([[1, 2, 3], [4, 5, 6]]), np.ndim(1), np.shape([[1, 3]]), np.shape(0), np.shape([]))
print(np.size(np.ones((3, 4))), np.size(np.ones((3, 4)), 1), np.size(np.ones((3, 4)), (0, 1)))
