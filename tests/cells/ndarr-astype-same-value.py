# astype(casting='same_value'): NumPy's ValueError naming the C types when a value changes; the casting names checked
# cells: skip-gpu CuPy's astype has no casting='same_value'
import numpy as np
x = np.array([1, 2, 2.5])
for s, d in [('f8', 'i8'), ('f4', 'i4'), ('f8', 'u1'), ('i8', 'i1'), ('f8', 'f4'), ('f2', 'i2'), ('u8', 'i8'), ('i8', 'u2'), ('f8', '?'), ('i8', 'f8'), ('i8', 'f4')]:
    v = np.array([1.5 if s[0] in 'fc' else 300, -1, 2**40 + 1 if s[0] in 'iu' else 0.1]).astype(s)
    try:
        print(s, d, v.astype(d, casting='same_value'))
    except ValueError as e:
        print(s, d, 'ValueError', e)
    try:
        print(s, d, v[1:2].astype(d, casting='same_value'))
    except ValueError as e:
        print(s, d, 'ValueError', e)
print(x[:2].astype(int, casting='same_value'), np.array([np.nan]).astype('f4', casting='same_value'))
try:
    x.astype(int, casting='foo')
except ValueError as e:
    print('ValueError', e)
try:
    x.astype(int, casting='safe')
except TypeError as e:
    print('TypeError', e)
