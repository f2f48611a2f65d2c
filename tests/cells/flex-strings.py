# String arrays ('U' and 'S') on the host (issue #16): making, printing, indexing, comparing, sorting.
# cells: skip-gpu string arrays are host-only (CuPy has none)
import numpy as np
a = np.array(['a', 'bc', 'def'])
print(repr(a), a, a.shape, a.ndim, a.size, a.dtype, a.itemsize, a.nbytes)
b = np.array([[b'x', b'yz'], [b'', b'w']])
print(repr(b)); print(b); print(b.dtype, b.tolist())
print(repr(a[1]), repr(a[-1]), repr(a[1:]), repr(a[::-1]), repr(b[1]), repr(b[:, 1]), repr(b[1, 0]))
a[0] = 'zzzz'
print(repr(a))
a[1:] = 'q'
print(repr(a), a.tolist(), list(a), len(a))
c = np.array(['b', 'a', 'c', 'a'])
print(repr(c == 'a'), repr(c != 'a'), repr(c < 'b'), repr(c == np.array(['b', 'b', 'c', 'c'])))
print(repr(np.sort(c)), repr(np.argsort(c)), repr(c[np.argsort(c)]), repr(c[[0, 2]]), repr(c[c == 'a']))
u, i, inv, n = np.unique(c, return_index=True, return_inverse=True, return_counts=True)
print(repr(u), repr(i), repr(inv), repr(n))
print(repr(np.unique(['b', 'a', 'b'])))
surnames = ('Hertz', 'Galilei', 'Hertz')
first_names = ('Heinrich', 'Galileo', 'Gustav')
ind = np.lexsort((first_names, surnames))
print(repr(ind), [surnames[i] + ", " + first_names[i] for i in ind])
print(repr(np.lexsort((np.array([3, 1, 2]), np.array(['x', 'x', 'a'])))))
print(repr(np.array(['1', '2.5']).astype(float)), repr(np.array([b'7', b'8']).astype(np.int32)))
print(repr(np.array(['ab', 'c']).astype('S')), repr(np.array([b'ab']).astype('U3')))
print(repr(np.array([2j, 'a'], dtype='U')), repr(np.isreal(np.array([2j, 'a'], dtype='U'))))
print(np.isrealobj('A string'), np.isrealobj(None), np.iscomplexobj('x'), np.isrealobj(np.array(['a'])))
print(repr(np.frombuffer(b'hello world', dtype='S1', count=5, offset=6)), repr(np.frombuffer(b'abcd', dtype='S2')))
print(repr(np.concatenate([np.array(['a', 'b']), np.array(['c'])])))
print(repr(np.zeros(2, dtype='U3')), repr(np.zeros((2, 2), dtype='S2')), repr(np.array([], dtype='U2')))
print(repr(np.array('abc')), np.array('abc'), repr(np.array(b'xy')), np.array(b'xy'))
print(repr(np.str_('abc\x00')), np.str_('abc'), repr(np.array(['é', 'ß€'])), np.array(['é', 'ß€']).itemsize)
print(repr(np.array(['a' * 30] * 4)))
print(repr(np.array([f'item{i}' for i in range(2000)])))
print(np.asarray(a) is a, np.array(a) is a, repr(np.array(a, dtype='U1')))
s = np.array(["a", "b"])
print(repr(s == 1), repr(s != 2.5), repr(np.array("x") == 1), repr(s[0] == 1))
import numpy as np
print(repr(np.array(["1", "2.5"], dtype=float)), repr(np.asarray([["1", "2"], ["3", "4"]], dtype=np.int16)), repr(np.array([b"7"], dtype="i8")))
try:
    np.array(["1.5"], dtype=int)
except ValueError as e:
    print("ValueError", e)
# np.array_equal and np.issubdtype with string and record dtypes
a = np.array(['ab', 'c'])
print(np.array_equal(a, ['ab', 'c']), np.array_equal(a, a[:1]), np.array_equal(a, np.array([1, 2])), np.array_equal(['x'], a[1:]),
      np.array_equal(np.array([b'a']), np.array([b'a'])), np.array_equal(a, np.array(['ab', 'd'])))
print(np.issubdtype(a.dtype, np.str_), np.issubdtype(a.dtype, np.character), np.issubdtype(a.dtype, np.number),
      np.issubdtype(np.zeros(1, 'i4,f8').dtype, np.void), np.issubdtype(np.dtype('S3'), np.bytes_), np.issubdtype(np.float32, np.floating))
