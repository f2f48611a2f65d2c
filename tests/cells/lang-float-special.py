import numpy as np
import math
inf = float('inf')
nan = float('nan')
print(inf - inf, inf * 0, inf + 1, -inf < 0)
print(nan == nan, nan != nan, nan < 1, nan > 1)
r = inf - inf
print(r != r)
print(-0.0 == 0.0, 1e308 * 10 == inf, 1e-320 > 0)
print(max(1.0, inf), min(-inf, 0))
print(1 / inf, -1 / inf)
