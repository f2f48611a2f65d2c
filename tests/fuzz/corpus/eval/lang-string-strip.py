import numpy as np
s = '  padded \t\n'
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print('xxhixx'.strip('x'), '..a.b..'.lstrip('.'), 'abcba'.rstrip('ab'), 'www.site.org'.strip('wgro.'))
print(repr(''.strip()), repr('   '.strip()))
print('prefix_name'.removeprefix('prefix_'), 'file.txt'.removesuffix('.txt'))
