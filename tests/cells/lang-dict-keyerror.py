import numpy as np
d = {'a': 1}
try:
    d['missing']
except KeyError as e:
    print('KeyError:', e, repr(e))
try:
    {1: 2}[3]
except KeyError as e:
    print('caught', e)
try:
    d.pop('nope')
except KeyError as e:
    print('pop:', e)
print(d['a'])
