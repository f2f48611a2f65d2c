import numpy as np
a = np.arange(6)
a.shape = (2, 3)
print(a)
a.shape = (3, -1)
print(a.shape)
try:
    a.shape = (4, 2)
except ValueError as e:
    print('ValueError:', e)
t = np.arange(6).reshape(2, 3).T
try:
    t.shape = (6,)
except AttributeError as e:
    print('AttributeError:', e)
try:
    a.ndim = 3
except AttributeError as e:
    print('AttributeError:', e)
