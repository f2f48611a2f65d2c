import numpy as np
for x, y in [((3,), (4,)), ((2, 3), (3, 2)), ((2, 1, 5), (3, 4)), ((0,), (2,))]:
    try:
        np.ones(x) + np.ones(y)
    except ValueError as e:
        print('ValueError:', e)
try:
    np.add(np.ones(3), 1, out=np.zeros(4))
except ValueError as e:
    print('ValueError:', e)
try:
    np.add(np.ones((2, 3)), np.ones(3), out=np.zeros(3))
except ValueError as e:
    print('ValueError:', e)
