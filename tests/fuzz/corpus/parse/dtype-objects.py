import numpy as np
d = np.dtype('f4')
print(d, repr(d), d.name, d.itemsize, d.kind, d.char, d.str, d.type, d.byteorder)
for s in ('i1', 'u2', 'int32', 'float64', 'c8', 'complex128', '?', 'bool', 'f2', 'uint64', 'i8'):
    print(repr(np.dtype(s)), end=' ')
print()
print(np.float32, np.int8, np.bool_, np.complex128, np.dtype(int), np.dtype(float), np.dtype(complex), np.dtype(bool))
print(np.dtype(np.float32) == np.float32, np.dtype('f8') == np.dtype(float), np.arange(3).dtype == np.int64, np.float32(1).dtype)
print(np.dtype('i2').num, np.dtype('u1').str, np.dtype('c16').itemsize, np.dtype('e').name)
