import numpy as np
for args in [(5, 5), (5, 3)]:
    try:
        np.random.randint(*args)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.random.randint(0, 300, dtype=np.uint8)
except ValueError as e:
    print("ValueError:", e)
try:
    np.random.seed(-1)
except ValueError as e:
    print("ValueError:", e)
np.random.seed(2**32)
