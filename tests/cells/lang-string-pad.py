import numpy as np
print('[' + 'hi'.center(8) + ']', '[' + 'hi'.center(7, '*') + ']')
print('[' + 'hi'.ljust(6) + ']', '[' + 'hi'.rjust(6, '.') + ']')
print('42'.zfill(5), '-42'.zfill(5), 'abc'.zfill(2))
for name, val in [('a', 1), ('bbb', 22), ('cc', 333)]:
    print(name.ljust(5) + str(val).rjust(5))
