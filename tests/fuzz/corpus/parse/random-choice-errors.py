import numpy as np
np.random.seed(0)
for f in [lambda: np.random.choice(5, 6, replace=False),
          lambda: np.random.choice(0),
          lambda: np.random.choice(5, 3, p=[0.1, 0.2, 0.3, 0.2, 0.1]),
          lambda: np.random.choice(3, 2, p=[0.5, 0.6, -0.1])]:
    try:
        f()
    except ValueError as e:
        print("ValueError:", e)
