import numpy as np
print('start')
n = '3' + 4
