import numpy as np
print(hex(255), hex(0), hex(-1), hex(4096), hex(2 ** 40))
print(int(hex(1234), 16))
print(format(255, '#010x'), f'{255:#06x}')
