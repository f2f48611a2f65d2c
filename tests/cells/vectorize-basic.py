# np.vectorize: otypes from the first result, excluded, decorator forms, cache, signatures
# cells: skip-gpu cupy.vectorize compiles the function to a kernel; this is NumPy's per-element call
import numpy as np
def myfunc(a, b):
    "Return a-b if a>b, otherwise return a+b"
    if a > b:
        return a - b
    else:
        return a + b
vfunc = np.vectorize(myfunc)
print(repr(vfunc([1, 2, 3, 4], 2)))
print(repr(vfunc.__doc__))
vfunc = np.vectorize(myfunc, doc='Vectorized `myfunc`')
print(repr(vfunc.__doc__))
out = vfunc([1, 2, 3, 4], 2)
print(type(out[0]))
vfunc = np.vectorize(myfunc, otypes=[float])
out = vfunc([1, 2, 3, 4], 2)
print(type(out[0]), repr(out))
def mypolyval(p, x):
    _p = list(p)
    res = _p.pop(0)
    while _p:
        res = res*x + _p.pop(0)
    return res
vpolyval = np.vectorize(mypolyval, excluded={0, 'p'})
print(repr(vpolyval([1, 2, 3], x=[0, 1])))
print(repr(vpolyval(p=[1, 2, 3], x=[0, 1])))
convolve = np.vectorize(np.convolve, signature='(n),(m)->(k)')
print(repr(convolve(np.eye(4), [1, 2, 1])))
@np.vectorize
def identity(x):
    return x
print(repr(identity([0, 1, 2])))
@np.vectorize(otypes=[float])
def as_float(x):
    return x
print(repr(as_float([0, 1, 2])))
print(repr(np.vectorize(lambda x: x + 1)(3)))
print(repr(np.vectorize(lambda x: x + 1)(np.float32(3))))
print(repr(np.vectorize(lambda x: x * 2.5)([[1, 2], [3, 4]])))
f2 = np.vectorize(lambda x, y: (x + y, x * y))
print(repr(f2([1, 2], [[1], [2]])))
print(repr(np.vectorize(lambda x: type(x).__name__ == 'int')([1, 2])))
print(repr(np.vectorize(lambda x: x > 1, otypes='?')([1, 2])))
st = np.vectorize(lambda a: (a.mean(), a.std()), signature='(n)->(),()')
print(st(np.arange(12.).reshape(3, 4)))
try:
    np.vectorize(lambda x: x)([])
except ValueError as e:
    print('ValueError', e)
print(repr(np.vectorize(lambda x: x, otypes=[int])([])))
try:
    np.vectorize(3)
except TypeError as e:
    print('TypeError', e)
try:
    np.vectorize(np.convolve, signature='(n),(m)->(k)')([1, 2, 3])
except TypeError as e:
    print('TypeError', e)
print(identity.__name__, vfunc.otypes, as_float.otypes)
calls = []
def rec(x):
    calls.append(x)
    return x
np.vectorize(rec)([5, 6]); print(calls)
calls.clear(); np.vectorize(rec, cache=True)([5, 6]); print(calls)
