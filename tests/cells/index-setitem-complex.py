import numpy as np
# complex values into real arrays: a Python complex is float()'s / int()'s
# TypeError; NumPy complex scalars and arrays keep the real part (with a
# ComplexWarning, on stderr); one element takes no sequence
def t(dt, idx, v):
    a = np.zeros(3, dt)
    try:
        a[idx] = v
        print(dt.__name__, repr(idx), repr(v), "->", a)
    except Exception as e:
        print(dt.__name__, repr(idx), repr(v), type(e).__name__, e)
for dt in [np.float64, np.float32, np.float16, np.int8, np.uint8, np.int64, np.bool_, np.complex64]:
    for idx in [0, slice(None), [0, 2], np.array([True, False, True]), Ellipsis, (0,)]:
        t(dt, idx, 1+2j)
for idx in [0, slice(None), [0, 2], np.array([True, False, True])]:
    for v in [np.complex128(1+2j), np.complex64(1+2j), np.array(1+1j), np.array([1j]), [1j],
              [1+1j] * 3, np.array([1+1j, 2, 3]), np.array([5.]), [5.], 0j]:
        t(np.float64, idx, v)
t(np.float64, slice(None), [1, 2j, 3])
t(np.int32, slice(None), [1, 2j, 3])
a = np.zeros(3)
try:
    a.fill(1j)
except TypeError as e:
    print(e)
a.fill(np.complex128(2+1j))
print(a)
print(np.full(2, 1j, dtype=float), np.full(2, np.complex64(3+1j), dtype=np.int8))
b = np.zeros((2, 2))
try:
    b[0] = 1j
except TypeError as e:
    print(e)
b[0] = np.complex64(3j)
b[1] = np.array([1+1j, 2-1j])
print(b)
for k, v in [((0, 1), np.array([1j])), ((0, 1), [7.]), ((0, Ellipsis, 0), [7.]), ((0, Ellipsis, 0), np.array([7.])),
             ((0, 0), (5.,)), ((0,), [[5., 6.]]), ((slice(None), 0), [[5., 6.]]), ((0,), np.array([[5., 6.]])),
             ((np.int64(1), 1), [2.]), ((0, 1), np.array(9.))]:
    try:
        b[k] = v
        print(repr(k), 'ok', b.tolist())
    except ValueError as e:
        print(repr(k), e)
z = np.zeros(())
for k in [Ellipsis, ()]:
    for v in [[5.], np.array([5.]), np.array([[6.]]), 7.]:
        try:
            z[k] = v
            print('ok', z)
        except ValueError as e:
            print(e)
c = np.zeros(2)
c[[0, 1]] = [[1, 2]]
c[np.array([True, True])] = [3, 4]
print(c)
