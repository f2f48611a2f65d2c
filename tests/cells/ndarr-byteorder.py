# byte orders: native and '|' dtype strings, '>u1', newbyteorder to the native order or of one-byte types,
# NumPy's errors for unknown orders; ('>i8' and swaps of wider types are a named NotImplementedError)
import numpy as np
for s in ['<i8', '=i8', '|u1', '>u1', '<f4', '!i2']:
    try:
        print(repr(np.dtype(s)), repr(np.zeros(2, dtype=s)))
    except TypeError as e:
        print('TypeError', e)
for d, o in [('i8', '='), ('i8', 'N'), ('u1', 'S'), ('u1', '>'), ('f8', 'x'), ('f8', 3)]:
    try:
        print(repr(np.dtype(d).newbyteorder(o)))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(np.dtype('i8').byteorder, np.dtype('u1').byteorder, np.dtype('i8').isnative)
a = np.arange(3)
print(repr(a.view(a.dtype.newbyteorder('='))))
