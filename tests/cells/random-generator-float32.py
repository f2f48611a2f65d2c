import numpy as np
rng = np.random.default_rng(3)
x = rng.random(4, dtype=np.float32)
print(repr(x))
y = rng.standard_normal(4, dtype=np.float32)
print(repr(y))
print(repr(rng.random(dtype=np.float32)))
try:
    rng.random(dtype=np.int32)
except TypeError as e:
    print("TypeError:", e)
