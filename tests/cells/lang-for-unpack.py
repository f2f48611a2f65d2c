import numpy as np
pts = [(1, 2), (3, 4), (5, 6)]
for x, y in pts:
    print(x + y)
for i, (x, y) in enumerate(pts):
    print(i, x, y)
for (a, b), c in zip(pts, 'abc'):
    print(a, b, c)
for name, (lo, hi) in {'r': (0, 1), 's': (2, 3)}.items():
    print(name, lo, hi)
