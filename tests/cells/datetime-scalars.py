# datetime64 / timedelta64 scalars: creation from strings, ints and units, repr and str
# cells: skip-gpu datetime64 is host only (CuPy has no datetime arrays)
import numpy as np
for s in ['2005', '2005-02', '2005-02-25', '2005-02-25T03', '2005-02-25T03:30', '2005-02-25T03:30:15',
          '2005-02-25T03:30:15.5', '2005-02-25T03:30:15.123456', '2005-02-25T03:30:15.123456789',
          '-0001-01-01', '10000-01-01', 'NaT', 'nat', '  2011-03-04', '1969-12-31T23:59:59']:
    d = np.datetime64(s)
    print(repr(d), str(d), d.dtype, repr(d.dtype))
print(repr(np.datetime64(10, 'Y')), repr(np.datetime64('1980', 'Y')), repr(np.datetime64(10, 'D')))
print(repr(np.datetime64(5, 'ns')), repr(np.datetime64(-1, 's')), repr(np.datetime64(100, 'W')))
print(repr(np.datetime64('2002-10-27', 'W')), repr(np.datetime64('2005', 'D')), repr(np.datetime64('2005', '25s')))
print(repr(np.datetime64('NaT', 'D')), repr(np.datetime64('NaT', 'h')), repr(np.datetime64()))
print(repr(np.datetime64('2010', ('s', 25))), repr(np.datetime64(np.datetime64('2005-02-25'), 'Y')))
for v, u in [(2, 'D'), (-5, 'h'), (1, 'm'), (3, 's'), (7, 'ms'), (1, 'us'), (4, 'ns'), (1, 'Y'),
             (1, 'M'), (2, 'W'), (10, '25s'), ('NaT', 'D')]:
    t = np.timedelta64(v, u)
    print(repr(t), str(t), t.dtype)
print(repr(np.timedelta64(5)), str(np.timedelta64(5)), repr(np.timedelta64('NaT')), repr(np.timedelta64('7')))
print(repr(np.datetime64(9223372036854775807, 'D')), repr(np.datetime64(2**62, 's')))
print(np.datetime64, np.timedelta64, np.dtype('M8[25s]'), repr(np.dtype('timedelta64')), repr(np.dtype('<m8[us]')))
print(np.dtype('M8[D]') == np.dtype('datetime64[D]'), np.dtype('M8[D]') == np.dtype('M8[s]'))
print(np.datetime64('2005-02-25') == np.datetime64('2005-02-25T00'), hash(np.datetime64('2005-02-25')) == hash(np.datetime64('2005-02-25')))
x = np.datetime64('2005')
a = np.array([1, 2], 'm8[s]')
print(isinstance(a, np.ndarray), isinstance(x, np.ndarray), np.dtype('M8[D]').type is np.datetime64, x.dtype == np.datetime64,
      a.dtype == np.timedelta64, np.dtype("m8") == np.timedelta64, np.datetime64 == np.timedelta64, np.datetime64 == np.datetime64)
print(np.isscalar(x), np.isscalar(a), np.ndim(x), np.ndim(a), np.shape(a), np.size(a), np.isscalar(3))
