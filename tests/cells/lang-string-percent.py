import numpy as np
print('%d items' % 5)
print('%s and %s' % ('a', 'b'))
print('%.3f %5.1f %-6d| %05d' % (3.14159, 2.25, 42, 7))
print('%x %X %o %e' % (255, 255, 8, 12345.678))
print('%r %s' % ('q', 'q'), '100%%' % ())
print('%(a)s=%(b)d' % {'a': 'x', 'b': 2})
