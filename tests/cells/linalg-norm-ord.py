import numpy as np
v = np.array([1.0, -2.0, 3.0, -4.0])
for o in [np.inf, -np.inf, 0, 1, 2, 3, -1]:
    print(o, np.round(np.linalg.norm(v, ord=o), 10))
m = np.arange(9.0).reshape(3, 3) - 4
for o in ['fro', 'nuc', np.inf, -np.inf, 1, -1, 2, -2]:
    print(o, np.round(np.linalg.norm(m, ord=o), 10))
print(np.linalg.norm(m, np.inf, keepdims=True))
try:
    np.linalg.norm(m, ord='fro', axis=0)
except ValueError as e:
    print("ValueError:", e)
try:
    np.linalg.norm(m, ord=3)
except ValueError as e:
    print("ValueError:", e)
