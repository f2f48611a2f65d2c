import numpy as np
x = 5
assert x > 0
assert x == 5, 'x should be 5'
try:
    assert x < 0, 'x must be negative'
except AssertionError as e:
    print('AssertionError:', e)
try:
    assert False
except AssertionError as e:
    print('empty message:', repr(str(e)))
print('done')
