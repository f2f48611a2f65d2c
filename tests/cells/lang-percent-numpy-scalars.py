# str % formatting of NumPy scalars and 0-d arrays: str.__mod__ answers first (before any
# __rmod__ of the array), %d takes the item of a 0-d array, a non-tuple argument that can be
# indexed (list, array) leaves unused arguments unreported, as CPython does
import numpy as np

x = np.float64(2.5); y = np.float32(1.25); i = np.int64(7); u = np.uint8(200); b = np.True_
print('%.10g' % x, '%g|%s|%r' % (y, y, y), '%d %5.2f %x %s' % (i, i, u, b))
print('%s' % np.arange(3), '%s and %s' % (np.arange(2), x), '%.3e' % np.array(2.0))
print('%d' % np.array(5), '%i' % np.float64(3.9))
for f in [lambda: 'abc' % np.arange(3), lambda: 'abc' % [1, 2], lambda: '%d' % np.arange(3), lambda: '%d %d' % (np.array(1),),
          lambda: '%f' % np.complex128(1j), lambda: '%c' % np.int64(65)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

print("%d|%x" % (np.array(True), np.array(255, np.uint8)), "%d" % np.array(-3.7))
try:
    print("%d" % np.array(1j))
except TypeError as e:
    print(e)
