import numpy as np
for v in [0, 1, -1, 0.0, 0.5, '', 'a', [], [0], (), (0,), {}, {'k': 0}, None, True, False, 0j]:
    print(repr(v), bool(v))
if []:
    print('empty list is true?')
else:
    print('empty list is false')
n = 0
while not n:
    n += 1
print(n)
