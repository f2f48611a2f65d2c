import numpy as np
x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
y = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])
print(np.polyfit(x, y, 3), np.polyfit(x, y, 1), np.polyfit(x, y, 0))
print(np.polyfit([1, 2, 3], [2, 4, 6], 1), np.polyfit([1, 2, 3], [1, 4, 9], 2))
print(np.polyfit(x, np.stack([y, 2 * y], axis=1), 2))
print(np.polyfit(x, y, 2, full=True))
t = np.linspace(0, 1, 20)
print(np.polyfit(t, t ** 3 - 0.5, 3), np.polyval(np.polyfit(x, y, 3), 2.5))
print(np.polyfit(np.array([1, 2, 3], np.float32), [1, 2, 4], 1, full=True)[4])
for f in (lambda: np.polyfit(x, y, -1), lambda: np.polyfit([[1]], [1], 1), lambda: np.polyfit([], [], 1),
          lambda: np.polyfit([1, 2], [[[1]]], 1), lambda: np.polyfit([1, 2], [1, 2, 3], 1)):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
