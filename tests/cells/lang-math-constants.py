import numpy as np
import math
print(math.pi, math.e)
print(math.inf, -math.inf, math.nan)
print(round(math.pi, 4), f'{math.e:.3f}')
print(math.inf > 1e308, math.nan != math.nan)
