import numpy as np
rng = np.random.default_rng(0)
for f in [lambda: rng.integers(5, 3), lambda: rng.normal(0, -1), lambda: rng.choice(5, 6, replace=False),
          lambda: np.random.default_rng(-1)]:
    try:
        f()
    except ValueError as e:
        print("ValueError:", e)
