import numpy as np
deg = np.array([0, 30, 45, 60, 90])
rad = np.deg2rad(deg)
print(np.round(np.sin(rad), 6))
print(np.round(np.cos(rad), 6))
print(np.round(np.degrees(np.arctan2([1, 1, -1], [1, -1, -1])), 3))
