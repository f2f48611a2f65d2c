# Flexible dtypes (issue #16): np.dtype of strings, records and sub-arrays, and what they print.
# cells: skip-gpu string and record dtypes are host-only (CuPy has none)
import numpy as np
specs = [[('f1', np.int16)], [('f1', [('f1', np.int16)])], [('a', 'f8'), ('b', 'S10')],
         "i4, (2,3)f8", 'f4,i4', '3i4,f8', [('hello', (np.int64, 3)), ('world', np.void, 10)],
         {'names': ['gender', 'age'], 'formats': ['S1', np.uint8]},
         {'surname': ('S25', 0), 'age': (np.uint8, 25)},
         {'surname': ('S25', 0), 'age': (np.uint8, 30)},
         {'names': ['a', 'b'], 'formats': ['i4', 'f8'], 'itemsize': 16},
         'U5', '<U3', 'S3', '|S3', 'V8', 'U', 'S', str, bytes, np.str_, (np.void, 10), (str, 5), (int, 2),
         [('a', '?'), ('b', 'i1'), ('c', 'u1'), ('d', 'f2'), ('e', 'c8'), ('f', int, (2, 2)), ('g', 'U0')],
         [('', 'i4'), ('', 'f8')]]
for s in specs:
    d = np.dtype(s)
    print(repr(d), str(d), d.itemsize, d.names, d.kind, d.str)
    print(' ', d.descr, d.shape)
d = np.dtype([('x', 'i4'), ('y', 'f8'), ('s', 'U2')])
print(d['x'], d['s'], d[1], len(d), d.fields)
print(d == np.dtype([('x', 'i4'), ('y', 'f8'), ('s', 'U2')]), d == np.dtype('i4,f8,U2'), d != 'i4,f8,U2')
print(np.dtype('U5') == 'U5', np.dtype('S5') == np.dtype('S4'), np.dtype('U') == str)
print(np.dtype('U5').name, np.dtype('S5').name, np.dtype('V8').name, np.dtype('S5').type, np.dtype('U5').type)
print(np.dtype((int, 2)).subdtype, np.dtype((int, 2)).base, np.dtype('U5').byteorder, np.dtype('S5').byteorder)
p = np.promote_types
print(p('i4', 'S8'), p('S', p('i1', 'u1')), p(p('S', 'i1'), 'u1'), p('S3', 'U2'), p('S5', 'S3'), p('f8', 'U'))
for t in ['?', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8', 'c8', 'c16']:
    print(t, p(t, 'S'), p(t, 'U'), np.can_cast(t, 'S11'), np.can_cast(t, 'U21'))
print(np.can_cast('i4', 'S4'), np.can_cast('S3', 'U3'), np.can_cast('U3', 'S3'), np.can_cast('S3', 'S2'),
      np.can_cast('S3', 'i4'), np.can_cast('S4', 'S5'), np.can_cast('S3', 'i4', casting='unsafe'))
print(np.result_type('S3', 'i4'), np.result_type(np.array(['ab']), 'S5'))
