# getfield/setfield views of each item's bytes (NumPy's size/offset errors), byteswap in place and as a copy
# cells: skip-gpu CuPy has no getfield/setfield
# (complex parts each, read-only refused)
import numpy as np
x = np.eye(2)
for args in [(np.int32, 6), (np.int32, -1), (np.complex128, 0), (np.int8, 7), (np.int32, 4)]:
    try:
        print(repr(x.getfield(*args)))
    except ValueError as e:
        print('ValueError', e)
y = np.arange(3, dtype=np.int16)
v = y.getfield(np.int8, 1)
print(v.flags.writeable, v.base is y)
c = np.diag([1. + 1.j] * 3)
c[0, 0] = 1 + 3j
print(repr(c.getfield(np.float64)), repr(c.getfield(np.float64, offset=8)))
z = np.eye(3)
z.setfield(3, np.int32)
print(repr(z.getfield(np.int32)), repr(z))
z.setfield(np.eye(3), np.int32)
print(repr(z))
A = np.array([1, 256, 8755], dtype=np.int16)
print(repr(A.byteswap(inplace=True)), list(map(hex, A)), repr(A))
print(repr(np.array([1 + 2j], dtype=np.complex64).byteswap()), repr(np.array([True]).byteswap()),
      repr(np.array([1.5], dtype=np.float16).byteswap()), repr(np.arange(6, dtype=np.int32).reshape(2, 3)[:, ::2].byteswap()))
a = np.arange(3, dtype=np.int16)
a.flags.writeable = False
for f in [lambda: a.byteswap(inplace=True), lambda: a.setfield(1, np.int8)]:
    try:
        f()
    except ValueError as e:
        print('ValueError', e)
print(repr(a.byteswap()))
