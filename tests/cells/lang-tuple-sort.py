import numpy as np
pts = [(3, 'c'), (1, 'z'), (2, 'b'), (1, 'a')]
print(sorted(pts))
print(min(pts), max(pts))
print(sorted(pts, key=lambda p: p[1]))
print(sorted(pts, key=lambda p: (-p[0], p[1])))
