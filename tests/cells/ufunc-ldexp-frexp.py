import numpy as np
# ldexp / frexp: NumPy's loops ('fi->f', 'dl->d', 'e->ei' ...), out=, scalars
print(np.ldexp.__name__, np.frexp.__name__, np.ldexp.nin, np.ldexp.nout, np.frexp.nin, np.frexp.nout, np.frexp.nargs)
cases = [(np.float32(3), 2), (np.array([1., 2], np.float32), np.array([3, 4])),
         (np.array([1, 2]), 3), (np.array([1, 2], np.int8), np.array([1, 2], np.int8)),
         (np.float16(1.5), np.int8(2)), (2.0, 3), (3, 2), (np.int8(3), 2),
         (np.array([1., 2]), np.array([1, 2], np.uint8)),
         (np.array([1., 2]), np.array([1, 2], np.uint32)),
         (np.array([1., 2]), np.array([-1, 2], np.int64)),
         (np.array([1., 2], np.float32), True), (np.array([1., 2], np.float32), -3),
         (3, np.array([1, 2], np.int32)), (3.0, np.array([1, 2], np.int32)),
         (True, np.array([1, 2], np.int8)), ([1, 2], [3, 4]),
         (np.array([1., 2]).reshape(2, 1), np.array([1, 2, 3])),
         (np.array([0.0, -0.0, np.inf, -np.inf, np.nan]), 5),
         (np.array([1.5, -2.25]), np.array([-1074, -1080])),
         (np.array([1.0]), np.array([2**40])), (np.array([1.0]), np.array([-2**40]))]
for a, b in cases:
    try:
        r = np.ldexp(a, b)
        print(repr(r), r.dtype)
    except Exception as e:
        print(type(e).__name__, e)
for a, b in [(np.array([1., 2]), np.array([1.5])), (np.array([1., 2]), np.array([1], np.uint64)),
             (np.array([1., 2], np.float32), 2**40), (np.array([1., 2], np.float32), 2.0),
             (np.array([1j]), 1)]:
    try:
        print(np.ldexp(a, b))
    except Exception as e:
        print(type(e).__name__, e)
for a in [np.array([1., 2], np.float32), np.array([0., -3.5, np.inf, np.nan, 1e-310, -0.0]),
          np.array([1, 2, 3]), np.float64(12.0), 5, 2.5, np.float16(6), np.array([True]),
          np.array(3.0), np.float32(3), [1, 2.5], np.array([[1., -0.0], [np.inf, -np.inf]]),
          np.array([65504., 6e-8], np.float16), np.array([], np.float32)]:
    m, e = np.frexp(a)
    print(repr(m), repr(e))
for a in [np.array([1j]), np.array([1+1j], np.complex64)]:
    try:
        np.frexp(a)
    except Exception as e:
        print(type(e).__name__, e)
x = np.array([0.3, 7.0, -1e300, 5e-324])
m, e = np.frexp(x)
print(np.array_equal(np.ldexp(m, e), x))
o = np.empty(2)
r = np.ldexp(np.array([1., 2]), 2, out=o)
print(r is o, o)
o32 = np.empty(2, np.float32)
print(np.ldexp(np.array([1., 2], np.float32), np.array([1, 2]), out=o32), o32.dtype)
mo = np.empty(2)
eo = np.empty(2, np.int32)
r = np.frexp(np.array([8., 3]), out=(mo, eo))
print(r[0] is mo, r[1] is eo, mo, eo)
r = np.frexp(np.array([8., 3]), mo, eo)
print(r[0] is mo, r[1] is eo)
el = np.empty(2, np.int64)
np.frexp(np.array([8., 3]), out=(mo, el))
print(el)
try:
    np.frexp(np.array([8., 3]), out=(mo, np.empty(2, np.int8)))
except TypeError as e:
    print(e)
try:
    np.ldexp(np.array([1., 2]), 2, out=np.empty(2, np.int64))
except TypeError as e:
    print(e)
print(np.ldexp(np.arange(6.).reshape(2, 3), np.array([1, 2, 3]))[1])
print(np.frexp(np.arange(6.).reshape(2, 3).T)[1])
xi = np.array([8., 3., -0.75])
ei = np.empty(3, np.int32)
r = np.frexp(xi, out=(xi, ei))
print(r[0] is xi, xi, ei)
