import numpy as np
for s in [0, 1, 17, 999, 2**31 + 5]:
    np.random.seed(s)
    a = np.random.rand(2).tolist()
    b = np.random.randn(2).tolist()
    rng = np.random.default_rng(s)
    c = rng.random(2).tolist()
    d = rng.standard_normal(2).tolist()
    e = rng.integers(0, 1000, 3).tolist()
    print(s, a, b, c, d, e)
