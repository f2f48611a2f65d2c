import numpy as np
x = np.array([0.1, 0.5, 0.9, 0.3, 0.7, 1.0, 0.0, 0.45])
y = np.array([1.0, 2.0, 3.0, 2.5, 1.5, 3.0, 1.0, 2.2])
H, xe, ye = np.histogram2d(x, y)
print(H, xe, ye)
print(np.histogram2d(x, y, bins=3))
print(np.histogram2d(x, y, bins=[2, 3]), np.histogram2d(x, y, bins=[[0, 0.5, 1], [1, 2, 3]]))
print(np.histogram2d(x, y, bins=[0, 0.5, 1, 2, 3]), np.histogram2d(x, y, bins=[2, 3, 4]))
print(np.histogram2d(x, y, bins=2, range=[[0, 2], [0, 4]]), np.histogram2d(x, y, bins=2, density=True))
print(np.histogram2d(x, y, bins=(2, [1, 2.5, 3]), weights=np.arange(8) * 0.5))
print(np.histogram2d([1, 1], [2, 2], bins=2), np.histogram2d([], [], bins=2))
print(np.histogram2d([np.nan, 1], [1, 2], bins=2, range=[[0, 2], [0, 3]]))
for f in (lambda: np.histogram2d(x, y, bins=0), lambda: np.histogram2d(x, y, bins=1.5),
          lambda: np.histogram2d(x, y, bins=[[1, 0], [1, 2]]), lambda: np.histogram2d(x, y, bins=2, range=[[1, 0], [0, 1]]),
          lambda: np.histogram2d([np.nan, 1], [1, 2], bins=2)):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
