# np.matrix: constructors (string, list, array, asmatrix, bmat), * as dot, ** as matrix_power, indexing and
# reductions that keep 2-D, .T/.A/.A1/.I/.H, ufuncs and linalg results, r_['r'/'c'], NumPy's errors
# cells: skip-gpu cupy has no matrix
import numpy as np
a = np.matrix('1 2; 3 4')
print(repr(a), type(a).__name__ if False else '')
b = np.matrix([[1.5, 2], [3, 4]], dtype=np.float32)
print(repr(b))
print(repr(a * a), repr(a ** 2), repr(a ** 0), repr(a @ a))
print(repr(a * 2), repr(2 * a), repr(a + 1), repr(a - a), repr(-a), repr(a == 2))
print(repr(a * [1, 1]) if False else '', repr(a * np.array([[1], [1]])), repr([[1, 1]] * a))
print(repr(a[0]), repr(a[:, 0]), repr(a[0, 0]), repr(a[1, :]), repr(a[[0, 1]]), repr(a[:, 1:]))
print(repr(a.T), repr(a.A), repr(a.A1), repr(a.I), repr(a.H), repr(a.getT()), repr(a.getA1()))
c = np.matrix([[1+2j, 3], [4j, 5]])
print(repr(c.H))
print(repr(a.sum()), repr(a.sum(axis=0)), repr(a.sum(axis=1)), repr(a.mean(0)), repr(a.max(axis=1)), repr(a.argmax(axis=1)), repr(a.argmax()))
print(repr(a.ravel()), repr(a.flatten()), repr(a.reshape(4)), repr(a.reshape(1, 4)), repr(a.copy()), repr(a.astype(float)))
print(repr(a.cumsum()), repr(a.tolist()), repr(a.diagonal()), repr(a.squeeze()))
for row in a:
    print(repr(row))
print(repr(np.sin(a)), repr(np.add(a, 1)))
print(repr(np.matrix(np.arange(3))), repr(np.matrix(5)), repr(np.matrix(np.ones((1, 2, 3)))))
for bad in [lambda: np.matrix(np.zeros((2,2,2))), lambda: np.matrix([[[1]], [[2]]]), lambda: np.matrix('1 2; 3'), lambda: 2 ** a, lambda: a * np.ones(3), lambda: np.matrix('1 x')]:
    try:
        print(repr(bad()))
    except Exception as e:
        print(type(e).__name__, str(e)[:24])
m = np.asmatrix(np.arange(4).reshape(2, 2))
m[0, 0] = 9
print(repr(m), repr(np.asmatrix(m) is m))
A = np.asmatrix('1 1; 1 1'); B = np.asmatrix('2 2; 2 2')
print(repr(np.bmat('A, B; B, A')), repr(np.bmat([[A, B], [B, A]])), repr(np.bmat([A, B])), repr(np.bmat('A B', ldict={'A': A}, gdict={'B': B})))
try:
    np.bmat('A, Q')
except NameError as e:
    print('NameError', e)
print(repr(np.r_['r', [1, 2, 3], [4, 5, 6]]), repr(np.r_['c', [1, 2, 3], [4, 5, 6]]))
x = np.matrix([[1., 2.], [3., 4.]])
x *= x
print(repr(x))
x **= 2
print(repr(x))
x += 1
print(repr(x))
print(repr(np.linalg.inv(x)), repr(np.linalg.eigvals(x)), repr(np.linalg.det(x)))
q, r = np.linalg.qr(x)
print(repr(q.shape), type(q) is type(x))
print(repr(np.matrix([[1, 2]]).shape), len(a), a.ndim, a.shape, a.size, str(a))
print(repr(np.matrix('1.5 2j; -3e2 True')))
print(repr(np.matrix([[1, 2], [3, 4]]) * np.matrix([[1], [2]])))
print(isinstance(a, np.ndarray))
m = np.asmatrix('1 2; 3 4')
print(repr(np.asarray(m)), np.asarray(m) is m, np.asanyarray(m) is m)
print(repr(np.array(m)), repr(np.array(m, subok=True)), repr(np.array(m, subok=True, ndmin=3)) if False else '')
print(repr(np.asanyarray(m, dtype=float)))
print(repr(np.ascontiguousarray(m)), repr(np.copy(m)))
m=np.matrix("1 2; 3 4")
m.shape=(4,)
print(repr(m))
m.shape=(2,1,2)
print(repr(m))
try:
    m.shape=(1,2,2,1,1)
except ValueError as e:
    print(e)
a = np.matrix("1 2; 3 4")
y = a * a
z = a * a + 1
w = 2 * a * a - a
v = np.sin(a) * a
print(repr(y), repr(z), repr(w), repr(v))
b = np.arange(4.0).reshape(2, 2)
u = b * b + 1
print(repr(u))
xv_ = np.arange(4).reshape(2, 2)
m = np.asmatrix(xv_)
for f in [lambda: xv_.view(np.ndarray), lambda: m.view(np.ndarray), lambda: xv_.view(np.matrix), lambda: xv_.view(type=np.ndarray), lambda: xv_.view(np.int32), lambda: m.view(np.int32), lambda: xv_.view(dtype=np.int8, type=np.ndarray)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
mi_ = np.matrix("1 2; 3 4")
a = np.ones((2, 2))
a *= mi_
print(repr(a))
b = np.ones((2, 2))
print(repr(b * mi_), repr(mi_ * b))
try:
    b ** mi_
except TypeError as e:
    print("TypeError", e)
c = np.ones((2, 2))
c += mi_
print(repr(c))
print(repr(b ** mi_))
