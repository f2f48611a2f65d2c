# Bad flexible dtype specs and bad uses of string/record arrays: NumPy's exception types, never a crash.
# cells: skip-gpu string and record dtypes are host-only (CuPy has none)
import numpy as np

def kind(e):
    for t in (KeyError, IndexError, TypeError, ValueError, OverflowError):
        if isinstance(e, t):
            return t.__name__
bad = [[('a', 'i4'), ('a', 'f8')], [('a', 'S-1')], 'S-1', 'U-3', [('a', 'i4', -1)], 'U99999999999',
       'S99999999999999999999', [(1, 'i4')], [('a',)], [('a', 'i4', 2, 3)], ['a'], [('a', 'q9')],
       'Sx', [('a', [('b', [('c', 'zz')])])],
       {'names': ['a']}, ('i4', -2), [('a', 'i4', (2, -1))], [('a', 'f8', (2 ** 40, 2 ** 40))],
       {'names': ['a', 'b'], 'formats': ['i4', 'i4'], 'itemsize': 4}]
for s in bad:
    try:
        d = np.dtype(s)
        print('ok', repr(d))
    except (TypeError, ValueError, KeyError) as e:
        print(kind(e))
spec = 'i4'
for i in range(200):
    spec = [('f', spec)]
try:
    np.dtype(spec)
    print('deep ok')
except (RecursionError, ValueError, TypeError) as e:
    print('deep', type(e).__name__ in ('RecursionError', 'ValueError', 'TypeError'))
d = np.dtype([('x', 'i4'), ('y', 'f8')])
for key in ['z', 5, -3, 1.5]:
    try:
        print(d[key])
    except (KeyError, IndexError, TypeError) as e:
        print(kind(e))
x = np.zeros(3, dtype=d)
for bad_index in ['z', 7, (0, 0), 1.5]:
    try:
        print(x[bad_index])
    except (ValueError, IndexError) as e:
        print(kind(e))
for val in [(1, 2, 3), [1, 2], 'abc']:
    try:
        x[0] = val
        print(repr(x[0]))
    except (ValueError, TypeError) as e:
        print(kind(e))
for f in [lambda: np.zeros(-1, dtype='U3'), lambda: np.array([['a'], ['b', 'c']]),
          lambda: np.frombuffer(b'abc', dtype='S2'), lambda: np.frombuffer(b'abc', dtype='S1', offset=9),
          lambda: np.sort(x, order='nope'), lambda: np.sort(np.array(['a']), order='x'),
          lambda: np.array(['a', 'b'])[5], lambda: np.array(['a']).astype(float),
          lambda: np.promote_types('S3', [('a', 'i4')]), lambda: np.void(-1),
          lambda: len(np.array('abc')), lambda: np.array(['a', 'b'])[np.array([1.5])]]:
    try:
        r = f()
        print('ok', repr(r))
    except (ValueError, TypeError, IndexError, OverflowError) as e:
        print(kind(e))
