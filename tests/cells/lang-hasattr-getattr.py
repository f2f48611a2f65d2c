import numpy as np
import math
print(hasattr(math, 'pi'), hasattr(math, 'nothing'))
print(getattr(math, 'pi'), getattr(math, 'nothing', 'fallback'))
f = getattr(math, 'sqrt')
print(f(9))
print(hasattr('abc', 'upper'), getattr('abc', 'upper')())
print(hasattr(np, 'zeros'), callable(getattr(np, 'zeros')))
try:
    getattr(math, 'nothing')
except AttributeError as e:
    print('AttributeError:', e)
