import numpy as np
for v in [1e16, 1e-7, 0.1, 100.0, 1e22, 3.0, -0.0, 1.5e300, 2.5e-310, 1 / 7, 2 / 3 * 3, 123456789012345678.0]:
    print(v, repr(v), str(v))
print(float('nan'), float('-inf'), -float('inf'))
print([0.1, 1e-05, 1.0, 1e100])
