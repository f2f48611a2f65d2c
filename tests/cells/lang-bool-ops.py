import numpy as np
print(0 or 5, 3 or 5, 0 and 5, 3 and 5)
print('' or 'default', 'x' and 'y', None or [] or 'last')
print(not 0, not 3, not '', not [1])
def t(v):
    print('eval', v)
    return v
print(t(0) and t(1))
print(t(1) or t(2))
print(t(1) and t(0) or t(3))
print(True and not False, not (True or False))
