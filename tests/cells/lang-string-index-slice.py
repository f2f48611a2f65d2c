import numpy as np
s = 'Lumen kernel'
print(s[0], s[-1], s[1:4], s[::-1], s[::2], s[6:], s[:-7])
print(s[100:], len(s[3:3]))
try:
    s[100]
except IndexError as e:
    print('IndexError:', e)
try:
    s[0] = 'l'
except TypeError as e:
    print('TypeError:', e)
