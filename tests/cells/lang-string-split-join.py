import numpy as np
s = '  a  b c   '
print(s.split(), 'a,b,,c'.split(','), 'a b c'.split(' ', 1), 'a-b-c'.rsplit('-', 1))
print('x'.split(','), ''.split(), ''.split(','))
print(', '.join(['x', 'y', 'z']), ''.join('abc'), '-'.join([]))
print('l1\nl2\r\nl3'.splitlines(), 'one\ntwo\n'.splitlines())
print('k=v'.partition('='), 'no'.partition('='))
print('/'.join([str(i) for i in range(3)]))
