import numpy as np
for f in (np.max, np.min, np.amax, np.ptp):
    try:
        f(np.zeros(0))
    except ValueError as e:
        print('ValueError:', e)
for f in (np.argmax, np.argmin):
    try:
        f(np.zeros((0, 2)))
    except ValueError as e:
        print('ValueError:', e)
print(np.zeros((3, 0)).max(axis=0), np.zeros((0, 3)).sum(axis=0), np.zeros(0).sum(), np.zeros(0).prod())
print(np.zeros((2, 0)).sum(axis=1), np.zeros((2, 0)).any(axis=1), np.zeros((2, 0)).all(axis=1))
try:
    np.zeros((0, 3)).max(axis=0)
except ValueError as e:
    print('ValueError:', e)
