import numpy as np
s = 'the cat sat on the mat'
print(s.find('at'), s.find('at', 5), s.rfind('at'), s.find('dog'))
print(s.index('sat'), s.count('at'), s.count('the'), s.count(''))
print(s.startswith('the'), s.startswith('cat', 4), s.endswith('mat'), s.endswith(('hat', 'mat')))
print('cat' in s, 'dog' not in s)
try:
    s.index('dog')
except ValueError as e:
    print('ValueError:', e)
