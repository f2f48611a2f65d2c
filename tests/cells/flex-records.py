# Structured (record) arrays on the host (issue #16): making, printing, fields as views, sorting by order=.
# cells: skip-gpu record dtypes are host-only (CuPy has none)
import numpy as np
x = np.array([(1, 2), (3, 4)], dtype=[('a', '<i4'), ('b', '<i4')])
print(repr(x), x, repr(x['a']), x.dtype, x.shape, x.itemsize, x.nbytes, x.tolist())
x['a'][1] = 30
x['b'] = [7, 8]
print(repr(x), repr(x[0]), x[0], x[1]['b'], repr(x[0]['a']))
x[0] = (9, 10)
x[1:] = 5
print(repr(x), repr(x[::-1]), list(x))
values = [('Arthur', 1.8, 41), ('Lancelot', 1.9, 38), ('Galahad', 1.7, 38)]
dtype = [('name', 'S10'), ('height', float), ('age', int)]
a = np.array(values, dtype=dtype)
print(repr(a))
print(repr(np.sort(a, order='height')))
print(repr(np.sort(a, order=['age', 'height'])), repr(np.argsort(a, order='age')))
a.sort(order='name')
print(repr(a), repr(a['name']), a['height'].sum())
b = np.array([('a', 2), ('c', 1)], dtype=[('x', 'S1'), ('y', int)])
b.sort(order='y')
print(repr(b))
y = np.array([(1, 0), (0, 1)], dtype=[('x', '<i4'), ('y', '<i4')])
print(repr(np.argsort(y, order=('x', 'y'))), repr(np.argsort(y, order=('y', 'x'))), repr(np.argsort(y)))
z = np.zeros(3, dtype=[('x', 'i4'), ('y', 'f8'), ('s', 'U3')])
print(repr(z), repr(np.empty(0, dtype='i4,f4')))
r = np.array([(1, 1.3, b'abcde')], dtype=[('myint', '<i8'), ('myfloat', '<f8'), ('mystring', 'S5')])
print(repr(r), repr(r[0]), repr(np.array((1, 1.3, 'abcde'), dtype=[('myint', '<i8'), ('myfloat', '<f8'), ('mystring', '<U5')])))
print(repr(np.array([(b'M', 21, 72.), (b'F', 35, 58.)], dtype={'names': ('gender', 'age', 'weight'), 'formats': ('S1', 'i4', 'f4')})))
s = np.array([(1, [1., 2., 3.]), (2, [4., 5., 6.5])], dtype=[('i', 'i2'), ('v', 'f8', (3,))])
print(repr(s), repr(s['v']), s.tolist())
n = np.array([((1, 2.5),), ((3, 4.),)], dtype=[('inner', [('p', 'i1'), ('q', 'f4')])])
print(repr(n), repr(n['inner']), repr(n['inner']['q']))
print(repr(np.void(5)), repr(np.void(b'abcd')), repr(np.void((3.2, b'eggs'), dtype="d,S5")))
v = np.void(3, dtype=[('x', np.int8), ('y', np.int8)])
print(repr(v), v, v['x'], repr(v['y']))
c = np.concatenate([x, x])
print(repr(c), repr(np.unique(np.array(['b', 'a', 'b']), return_counts=True)))
print(repr(np.array([(1., 2), (3., 4)], dtype='f4,i4')), repr(np.array([('1', '2')], dtype='i4,f8')))
big = np.zeros(1200, dtype=[('a', 'i2'), ('b', 'f4')])
print(repr(big)); print(big)
a = np.array([(1, 2), (3, 4), (5, 6)], dtype=[("x", "i4"), ("y", "i4")])
print(np.shape(a), np.ndim(a), np.size(a), np.shape([1, 2]), np.size(np.array(["a", "b"])))
p = np.array([(b'ab', 1.5, 7), (b'c', 2.5, 8)], dtype=[('s', 'S3'), ('f', 'f8'), ('i', 'i2')])
p['f'] = [10.25, 20.5]
p['i'] += 1
p[1]['f'] = 3.75
print(repr(p), repr(p['f']), p['f'].sum(), repr(p[0]['i']), p.itemsize, p.dtype.fields)
