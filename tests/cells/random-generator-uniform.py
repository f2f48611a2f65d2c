import numpy as np
rng = np.random.default_rng(2024)
print(rng.uniform(-2, 2, 5))
print(repr(rng.uniform()))
print(rng.uniform(0, [1, 10, 100]))
try:
    rng.uniform(2, 1, 2)
except ValueError as e:
    print("ValueError:", e)
