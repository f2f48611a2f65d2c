import numpy as np
import math
for f, arg in [(math.sqrt, -1), (math.log, 0), (math.log, -2)]:
    try:
        f(arg)
    except ValueError as e:
        print(f.__name__, 'ValueError:', e)
try:
    math.exp(1000)
except OverflowError as e:
    print('OverflowError:', e)
