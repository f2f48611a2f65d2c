import numpy as np
s = 'ab' 'cd' "ef"
print(s)
print('x' + 'y' * 3)
print(3 * 'ab')
print('-' * 20)
t = ''
for w in ['a', 'b', 'c']:
    t += w
print(t)
print('abc' < 'abd', 'abc' == 'a' + 'bc')
