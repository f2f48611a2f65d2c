import numpy as np
try:
    np.zeros(10**13)
except MemoryError as e:
    print('MemoryError:', e)
try:
    np.ones((10**6, 10**7), dtype=np.float32)
except MemoryError as e:
    print('MemoryError:', e)
for f in (lambda: np.zeros(-1), lambda: np.ones((2, -3)), lambda: np.empty(2.5), lambda: np.zeros('a')):
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
try:
    np.zeros(3, dtype='f3')
except TypeError as e:
    print('TypeError:', e)
