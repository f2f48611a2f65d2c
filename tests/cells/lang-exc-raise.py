import numpy as np
def check(x):
    if x < 0:
        raise ValueError('x must be non-negative, got ' + str(x))
    return x ** 0.5
for v in [4, -1]:
    try:
        print(check(v))
    except ValueError as e:
        print('error:', e)
try:
    raise TypeError('bad type')
except TypeError as e:
    print(repr(e), e.args)
try:
    try:
        raise KeyError('k')
    except KeyError:
        print('inner handler')
        raise
except KeyError as e:
    print('outer got', repr(e))
try:
    raise RuntimeError
except RuntimeError as e:
    print('bare class:', repr(e), str(e) == '')
