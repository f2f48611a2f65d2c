import numpy as np
b = np.array([True, False, True])
print(b + b, b * b, b - 0, np.sum(b + b))
for f in (lambda: -b, lambda: b - b, lambda: np.subtract(b, True)):
    try:
        f()
    except TypeError as e:
        print('TypeError:', e)
print(~b, np.logical_not(b), abs(b), np.absolute(b))
